import { createEvent } from '../../catalog';
import { DEFAULT_CHAT_CONFIG } from '../../../domain/contracts/chat-llm.contract';
import { evolveChatConfig } from './chat-configs.projection';
import type { ChatConfigDoc } from './chat-configs.repository';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
let n = 0;
const updated = (changes: Record<string, unknown>, minute: number) =>
  createEvent({
    eventId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    aggregateId: ORG_ID,
    orgId: ORG_ID,
    correlationId: 'c',
    causationId: null,
    occurredAt: new Date(`2026-11-28T01:${String(minute).padStart(2, '0')}:00Z`),
    type: 'ChatConfigUpdated',
    data: { orgId: ORG_ID, changes },
  });

describe('chat configs read model', () => {
  it("starts from the spec's defaults and sets only the fields a change names", () => {
    const first = evolveChatConfig(null, updated({ enabled: true, greeting: 'Hi there!' }, 1))!;
    expect(first).toMatchObject({ ...DEFAULT_CHAT_CONFIG, enabled: true, greeting: 'Hi there!', orgId: ORG_ID, textTheme: 'dark' });
    const second = evolveChatConfig(first, updated({ textTheme: 'light', csrAgentId: 'agent-9' }, 2))!;
    expect(second).toMatchObject({ enabled: true, greeting: 'Hi there!', textTheme: 'light', csrAgentId: 'agent-9' });
  });

  it('changes nothing when a change is delivered twice', () => {
    const event = updated({ primaryColor: '#ff0000' }, 3);
    const once = evolveChatConfig(null, event) as ChatConfigDoc;
    expect(evolveChatConfig(once, event)).toBe(once);
  });
});
