import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { AgentReply, CallerTurnInput, WebCallSnapshot } from './web-call.types';

/** Waits for the agent's greeting and returns it (the first thing the caller hears). */
export const greetCallerUpdate = defineUpdate<AgentReply, [{ accessTokenHash: string }]>('greetCaller');
export const callerTurnUpdate = defineUpdate<AgentReply, [CallerTurnInput]>('callerTurn');
export const endWebCallUpdate = defineUpdate<WebCallSnapshot, [{ accessTokenHash: string }]>('endWebCall');
export const getWebCallQuery = defineQuery<WebCallSnapshot>('getWebCall');

/** Update rejections the API turns into its error statuses. */
export const WEB_CALL_REJECTIONS = { badToken: 'WebCallAccessDenied', ended: 'WebCallEnded' } as const;
