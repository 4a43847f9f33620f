import type { EventOf } from '../../catalog';
import { DEFAULT_CHAT_CONFIG, type ChatConfig } from '../../../domain/contracts/chat-llm.contract';
import { CHAT_CONFIG } from '../../schemas/chat-session.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { chatConfigsStore, type ChatConfigDoc } from './chat-configs.repository';

type ChatConfigEvent = EventOf<'ChatConfigUpdated'>;

/** The org's settings are the spec's defaults until the first change; each change sets the fields it names. */
export function evolveChatConfig(state: ChatConfigDoc | null, event: ChatConfigEvent): ChatConfigDoc | null {
  const { orgId: _o, updatedAt: _u, ...current }: ChatConfigDoc = state ?? { ...DEFAULT_CHAT_CONFIG, orgId: event.data.orgId, updatedAt: new Date(0) };
  const changes = Object.fromEntries(Object.entries(event.data.changes).filter(([, v]) => v !== undefined));
  const config = { ...current, ...changes } as ChatConfig;
  if (state && sameJson(config, current)) return state;
  return { ...config, orgId: event.data.orgId, updatedAt: new Date(event.occurredAt) };
}

export const chatConfigsProjection = documentProjection<ChatConfigDoc, ChatConfigEvent>({
  name: 'chat-configs',
  aggregateTypes: [CHAT_CONFIG],
  handles: ['ChatConfigUpdated'],
  documentId: (e) => e.data.orgId,
  evolve: evolveChatConfig,
  store: chatConfigsStore,
});
