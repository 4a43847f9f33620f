import type { TranscriptLine } from '../../../../domain/interaction/interaction.schema';
import {
  bestKeywordMatch,
  findAddress,
  findCustomerName,
  findPhone,
  findPhrase,
  findTrade,
  findZip,
  longestAgentSilence,
  splitAddress,
  TranscriptView,
} from './transcript-rules';

function view(...lines: [role: string, message: string, seconds?: number][]): TranscriptView {
  return new TranscriptView(
    lines.map(([role, message, seconds], i): TranscriptLine => {
      const s = seconds ?? i * 5;
      return { role, message, seconds: s, timestamp: `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` };
    }),
  );
}

describe('transcript rules of the offline engine', () => {
  it.each([
    ['My name is Maria Lopez.', 'Maria Lopez'],
    ["my name's Tom.", 'Tom'],
    ['Hi, this is Kevin from Acme Listings.', 'Kevin'],
    ["I'm Dana Whitfield and my sink is clogged", 'Dana Whitfield'],
  ])('reads the caller name in %j', (message, name) => {
    expect(findCustomerName(view(['user', message]))?.text).toBe(name);
  });

  it.each(["I'm calling about my furnace", 'This is urgent, my pipe burst', "It's really hot in here"])('finds no name in %j', (message) => {
    expect(findCustomerName(view(['user', message]))).toBeNull();
  });

  it('takes a bare answer to the name question as the name, and never reads the agent as the caller', () => {
    expect(findCustomerName(view(['agent', 'May I have your name?'], ['user', 'Sure, Peter Novak.']))?.text).toBe('Peter Novak');
    expect(findCustomerName(view(['agent', 'My name is Ava.'], ['user', 'Hi']))).toBeNull();
  });

  it('reads the last address the caller gave, keeping street abbreviations', () => {
    const v = view(
      ['user', 'My address is 10 Oak St. Springfield, IL 62704. The AC is out.'],
      ['user', 'Sorry, the address is 12 Oak St, Springfield, IL 62704!'],
    );
    expect(findAddress(v)?.text).toBe('12 Oak St, Springfield, IL 62704');
    expect(findAddress(view(['user', 'My address is 10 Oak St. Springfield, IL 62704. The AC is out.']))?.text).toBe('10 Oak St. Springfield, IL 62704');
    expect(findAddress(view(['agent', "What's the address?"], ['user', '77 Lake Drive, Springfield']))?.text).toBe('77 Lake Drive, Springfield');
    expect(findAddress(view(['user', 'My address is on file']))).toBeNull();
  });

  it('splits an address into its parts and leaves unknown parts null', () => {
    expect(splitAddress('42 Oak Street, Springfield, IL 62704')).toEqual({
      formattedAddress: '42 Oak Street, Springfield, IL 62704',
      street: '42 Oak Street',
      city: 'Springfield',
      state: 'IL',
      zip: '62704',
    });
    expect(splitAddress('42 Oak Street')).toMatchObject({ street: '42 Oak Street', city: null, state: null, zip: null });
  });

  it('normalises US phone numbers and finds zip codes, including a Canadian FSA', () => {
    expect(findPhone('call me at (217) 555-0142 please')).toBe('+12175550142');
    expect(findPhone('+1 217.555.0142')).toBe('+12175550142');
    expect(findPhone('order 12345')).toBeNull();
    expect(findZip('Springfield IL 62704-1234')).toBe('62704');
    expect(findZip('Toronto, ON M5V 2T6')).toBe('M5V');
  });

  it('recognises tag phrases on the right side of the call only', () => {
    expect(findPhrase(view(['user', 'I need to cancel my appointment']), 'cancellation')).not.toBeNull();
    expect(findPhrase(view(['agent', 'You can cancel anytime']), 'cancellation')).toBeNull();
    expect(findPhrase(view(['agent', "Sorry, that's outside our service area."]), 'outside_service_area')).not.toBeNull();
    expect(findPhrase(view(['user', 'Can I speak to a real person?']), 'agent_requested')).not.toBeNull();
    expect(findPhrase(view(['user', 'How much does a tune-up cost?']), 'estimate_on_call')).not.toBeNull();
    expect(findPhrase(view(['user', 'Is there anything sooner?']), 'sooner_slot')).not.toBeNull();
    expect(findPhrase(view(['user', 'My AC is not cooling']), 'spam')).toBeNull();
  });

  it("maps the caller's words to a trade the organization offers", () => {
    const v = view(['user', 'The drain in my kitchen sink is clogged']);
    expect(findTrade(v, [])?.trade).toBe('Drains');
    expect(findTrade(v, ['Plumbing'])?.trade).toBe('Plumbing');
    expect(findTrade(view(['user', 'Hello']), [])).toBeNull();
  });

  it('measures how long the caller waited for the agent', () => {
    const v = view(['agent', 'Hi', 0], ['user', 'My heater broke', 3], ['agent', 'Let me look', 20], ['user', 'ok', 22], ['agent', 'Found it', 25]);
    expect(longestAgentSilence(v)).toMatchObject({ seconds: 17, after: { seconds: 3 } });
  });

  it('matches keywords to one option and gives up on a tie', () => {
    expect(bestKeywordMatch('my furnace is banging', ['AC Repair', 'Furnace Repair'])).toBe(1);
    expect(bestKeywordMatch('repair', ['AC Repair', 'Furnace Repair'])).toBeNull();
    expect(bestKeywordMatch('hello', ['AC Repair'])).toBeNull();
  });
});
