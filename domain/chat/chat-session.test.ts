import { chatSessionTranscript, customerNumberOf, isChatConcluded, type ChatSessionLine } from './chat-session';

const at = '2026-11-28T10:00:00.000Z';
const line = (role: ChatSessionLine['role'], content: string, created_at = at): ChatSessionLine => ({ role, content, created_at });

describe('isChatConcluded (000 §4 15-minute rule)', () => {
  it('is open while the agent waits on an answer to its question', () => {
    expect(isChatConcluded([line('user', 'My AC is out'), line('agent', 'What is your zip code?')])).toBe(false);
    expect(isChatConcluded([line('user', 'My AC is out'), line('agent', 'Which time works, "morning or afternoon?"')])).toBe(false);
  });

  it('is concluded when the agent closed without a question, or the visitor said goodbye', () => {
    expect(isChatConcluded([line('user', 'Book it'), line('agent', 'You are booked for Tuesday at 9.')])).toBe(true);
    expect(isChatConcluded([line('agent', 'Anything else?'), line('user', "No, that's all, thanks")])).toBe(true);
    expect(isChatConcluded([line('user', "thanks, that's it"), line('agent', 'Anything else I can do?')])).toBe(true);
  });

  it('is open when the visitor wrote last without closing', () => {
    expect(isChatConcluded([line('agent', 'Hi'), line('user', 'My sink leaks')])).toBe(false);
  });
});

describe('chatSessionTranscript', () => {
  it('times each message from the session start, as agent and customer lines', () => {
    expect(chatSessionTranscript(at, [line('agent', 'Hi'), line('user', 'Leak', '2026-11-28T10:01:05.000Z')])).toEqual([
      { role: 'Agent', message: 'Hi', timestamp: '0:00', seconds: 0 },
      { role: 'Customer', message: 'Leak', timestamp: '1:05', seconds: 65 },
    ]);
  });
});

describe('customerNumberOf', () => {
  it("is the first phone a tool's action names", () => {
    expect(customerNumberOf([{ payload: {} }, { payload: { phone_number: '+15125550142' } }])).toBe('+15125550142');
    expect(customerNumberOf([{ payload: { phone_number: '' } }])).toBeNull();
  });
});
