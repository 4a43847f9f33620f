import type { AgentReply, WebCallSnapshot, WebCallWorkflowInput } from '../../workflows/web-call/web-call.types';

export type WebCallFailure = 'not_found' | 'access_denied' | 'ended';

/** A web call refused: the call is unknown, the token is wrong, or it is already over. */
export class WebCallRefused extends Error {
  constructor(
    readonly reason: WebCallFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebCallRefused';
  }
}

/** Runs web calls with the in-house agent, one workflow each; throws WebCallRefused. */
export interface WebCallGateway {
  /** Starts the call and returns the agent's greeting. */
  start(input: Omit<WebCallWorkflowInput, 'taskQueuePrefix'>): Promise<AgentReply>;
  sendCallerTurn(interactionId: string, accessTokenHash: string, text: string): Promise<AgentReply>;
  end(interactionId: string, accessTokenHash: string): Promise<WebCallSnapshot>;
  /** The call's state, or null when there is no such call. */
  find(interactionId: string): Promise<WebCallSnapshot | null>;
}
