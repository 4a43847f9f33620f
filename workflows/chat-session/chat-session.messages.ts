import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { ChatSessionSnapshot, ChatTurnAnswer, ChatTurnInput } from './chat-session.types';

export const chatTurnUpdate = defineUpdate<ChatTurnAnswer, [ChatTurnInput]>('chatTurn');
export const getChatSessionQuery = defineQuery<ChatSessionSnapshot>('getChatSession');

/** Update rejections the API turns into its error statuses. */
export const CHAT_SESSION_REJECTIONS = { otherOwner: 'ChatSessionNotYours', ended: 'ChatSessionEnded' } as const;
