import { z } from 'zod';

// Mirrors api/routes/voice-agent/web-call.schema.ts.

export const WebCallAgentsSchema = z.object({
  agents: z.array(z.object({ id: z.string(), agent_type: z.string(), friendly_name: z.string().nullable(), job_types_count: z.number() })),
});
export type WebCallAgent = z.infer<typeof WebCallAgentsSchema>['agents'][number];

export const CreatedWebCallSchema = z.object({ call_id: z.string(), agent_id: z.string(), access_token: z.string(), agent_type: z.string(), greeting: z.string() });
export type CreatedWebCall = z.infer<typeof CreatedWebCallSchema>;

export const ToolUseSchema = z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()), result: z.string() });
export type ToolUse = z.infer<typeof ToolUseSchema>;

export const WebCallTurnSchema = z.object({ call_id: z.string(), reply: z.string(), tool_calls: z.array(ToolUseSchema), ended: z.boolean() });
export type WebCallTurn = z.infer<typeof WebCallTurnSchema>;

export const EndedWebCallSchema = z.object({ call_id: z.string(), status: z.enum(['live', 'ended']), end_reason: z.string().nullable() });

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
