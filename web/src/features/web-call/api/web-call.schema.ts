import type { z } from 'zod';

import type { CreateWebCallResponseSchema, WebCallAgentsResponseSchema, WebCallTurnResponseSchema } from '@contracts/web-call.contract';

export type WebCallAgent = z.infer<typeof WebCallAgentsResponseSchema>['agents'][number];
export type CreatedWebCall = z.infer<typeof CreateWebCallResponseSchema>;
export type WebCallTurn = z.infer<typeof WebCallTurnResponseSchema>;
export type ToolUse = WebCallTurn['tool_calls'][number];

/** What the call page shows, in order: what was said and the tools the agent called. */
export type WebCallLine = { kind: 'agent' | 'caller'; text: string } | { kind: 'tool'; tool: ToolUse };

/** The lines a turn adds: the caller's words, the tools, then the agent's reply. */
export function linesOfTurn(callerText: string, turn: WebCallTurn): WebCallLine[] {
  return [
    { kind: 'caller', text: callerText },
    ...turn.tool_calls.map((tool): WebCallLine => ({ kind: 'tool', tool })),
    ...(turn.reply ? [{ kind: 'agent' as const, text: turn.reply }] : []),
  ];
}

/** A classified call is one the post-call pipeline has finished with. */
export const isClassified = (callStatus: string | undefined) => callStatus !== undefined && callStatus !== 'PROCESSING' && callStatus !== 'STARTED';
