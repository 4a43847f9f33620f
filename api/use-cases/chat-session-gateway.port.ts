import type { ChatSessionSnapshot, ChatSessionWorkflowInput, ChatTurnAnswer, ChatTurnInput } from '../../workflows/chat-session/chat-session.types';

export type ChatSessionFailure = 'not_found' | 'ended';

/** A chat turn refused: the session is unknown (or another org's), or it has ended. */
export class ChatSessionRefused extends Error {
  constructor(
    readonly reason: ChatSessionFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ChatSessionRefused';
  }
}

/** LLM chat sessions with the in-house agent, one workflow each; throws ChatSessionRefused. */
export interface ChatSessionGateway {
  /** A turn in a session that already runs; not_found when there is none. */
  sendTurn(sessionId: string, turn: ChatTurnInput): Promise<ChatTurnAnswer>;
  /** Opens a session before its first message (POST /chat/llm/new). */
  start(start: Omit<ChatSessionWorkflowInput, 'taskQueuePrefix'>): Promise<void>;
  /** Starts the session if nobody has yet, then sends the turn. */
  startAndSendTurn(start: Omit<ChatSessionWorkflowInput, 'taskQueuePrefix'>, turn: ChatTurnInput): Promise<ChatTurnAnswer>;
  /** The session, live or ended; null when there is no such session. */
  find(sessionId: string): Promise<ChatSessionSnapshot | null>;
}
