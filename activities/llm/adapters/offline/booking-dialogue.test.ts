import { defaultAgentsFor } from '../../../../domain/agents/agent-profile';
import { addDays, isWeekendDate } from '../../../../domain/time/calendar';
import type { AgentToolCall, AgentTools } from '../../../agent-runtime/agent-tools.port';
import { openConversation, runAgentTurn, type AgentTurn } from '../../../agent-runtime/conversation';
import type { ChatMessage } from '../../language-engine.port';
import { capacityStart, pickJobType } from './booking-dialogue';
import { OfflineLanguageEngine } from './offline.engine';

// The booking dialogue through the agent runtime, against tools that answer like the sandbox CRM: two-hour
// windows at 8, 10, 13 and 15 on weekdays, one booking each. 2026-03-03 is a Tuesday; it is 09:15 there.
const NOW = '2026-03-03T09:15';
const org = { id: '00000000-0000-4000-8000-000000000001', name: 'Demo Heating & Air', timezone: 'America/Chicago', tradesOffered: ['HVAC', 'Plumbing'] };
const jobTypes = [
  { id: '101', name: 'AC Repair', description: '', businessUnitId: '1' },
  { id: '102', name: 'Furnace Tune-Up', description: '', businessUnitId: '1' },
  { id: '103', name: 'HVAC Replacement Estimate', description: '', businessUnitId: '1' },
  { id: '201', name: 'Drain Cleaning', description: '', businessUnitId: '2' },
  { id: '202', name: 'Water Heater Repair', description: '', businessUnitId: '2' },
];
const agent = defaultAgentsFor(org, jobTypes, (_o, type) => `agent-${type}`).find((a) => a.agentType === 'OFFICE_HOURS_CSR')!;
const STARTS = ['08:00', '10:00', '13:00', '15:00'];

function scheduleTools(): AgentTools & { calls: AgentToolCall[]; found: Set<string> } {
  const calls: AgentToolCall[] = [];
  const found = new Set<string>();
  const taken = new Set<string>();
  const open = (from: string): { start: string; end: string }[] => {
    const found: { start: string; end: string }[] = [];
    for (let date = from.slice(0, 10); found.length < 3; date = addDays(date, 1)) {
      if (isWeekendDate(date)) continue;
      for (const start of STARTS) {
        const at = `${date}T${start}:00`;
        if (at >= from && at > `${NOW}:00` && !taken.has(at) && found.length < 3)
          found.push({ start: at, end: `${date}T${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00:00` });
      }
    }
    return found;
  };
  return {
    calls,
    found,
    async run(call) {
      calls.push(call);
      switch (call.tool) {
        case 'check_address':
          return String(call.args.zipcode).startsWith('787')
            ? { result: 'In area.', data: { inServiceArea: true } }
            : { result: 'Not served.', data: { inServiceArea: false } };
        case 'get_capacity': {
          const asked = String(call.args.time_to_check);
          const slots = open(asked);
          for (const slot of slots) found.add(slot.start);
          return slots[0]?.start === asked
            ? { result: 'Open.', data: { available: true, slots: [slots[0]] } }
            : { result: 'Nearest.', data: { available: false, slots } };
        }
        case 'create_action_job_booking':
          taken.add(String(call.args.appointment_time));
          return { result: 'Booked.', data: { action_status: 'COMPLETED', jobNumber: `J-${taken.size}` } };
        case 'create_action_callback_request':
          return { result: 'Callback requested.', data: { action_status: 'COMPLETED' } };
        case 'end_call':
          return { result: 'Bye.', end_call: true };
        default:
          return { result: '', error: 'unknown tool' };
      }
    },
  };
}

async function converse(lines: string[]) {
  const tools = scheduleTools();
  const ctx = { engine: new OfflineLanguageEngine(), tools, agent, orgId: org.id, interactionId: 'i-1', correlationId: 'test' };
  let messages: ChatMessage[] = openConversation(agent, NOW);
  messages = (await runAgentTurn(ctx, messages, null)).messages;
  const turns: AgentTurn[] = [];
  for (const line of lines) {
    const turn = await runAgentTurn(ctx, messages, line);
    messages = turn.messages;
    turns.push(turn);
    if (turn.ended) break;
  }
  const argsOf = (tool: string) => tools.calls.filter((c) => c.tool === tool).map((c) => c.args);
  if (process.env.DEBUG_DIALOGUE) console.log(lines.map((l, i) => `> ${l}\n< ${turns[i]?.reply}`).join('\n'));
  return { turns, tools, argsOf, replies: turns.map((t) => t.reply) };
}

const QUESTION_OF = { problem: /help you with/, name: /full name/, phone: /phone number/, address: /address where/, zip: /zip code there/ };
const FACTS = {
  problem: 'My AC is blowing warm air.',
  name: 'This is Jane Cooper.',
  phone: 'My number is 512-555-0199.',
  address: "I'm at 120 Oak Street, 78701.",
};

describe('the booking dialogue', () => {
  it('books from one bundled sentence: checks the address and the capacity the caller asked for, offers, books on yes', async () => {
    const { turns, argsOf } = await converse([
      "Hi, I'm Dana Ruiz at 14 Oak Lane 78701, my AC quit, can someone come tomorrow morning? 512-555-0142",
      'Yes, please.',
      "No, that's all, thanks.",
    ]);
    expect(turns[0].toolCalls.map((t) => t.name)).toEqual(['check_address', 'get_capacity']);
    expect(argsOf('get_capacity')[0]).toMatchObject({ time_to_check: '2026-03-04T08:00:00', job_type_id: '101', business_unit: '1', zipcode: '78701' });
    expect(turns[0].reply).toContain('I have Wednesday, March 4 between 8 AM and 10 AM, for Dana Ruiz at 14 Oak Lane. Shall I book that?');
    expect(argsOf('create_action_job_booking')).toEqual([
      {
        appointment_time: '2026-03-04T08:00:00',
        job_type_id: '101',
        business_unit_id: '1',
        address: '14 Oak Lane 78701',
        zip: '78701',
        is_emergency_slot: false,
        full_name: 'Dana Ruiz',
        phone_number: '+15125550142',
      },
    ]);
    expect(turns[1].reply).toMatch(/all set, Dana: .*Wednesday at 8 AM.*14 Oak Lane.*J-1/);
    expect(turns[2].ended).toBe(true);
  });

  const orders = (['problem', 'name', 'phone', 'address'] as const).flatMap((a, _i, all) =>
    all
      .filter((b) => b !== a)
      .flatMap((b) => all.filter((c) => c !== a && c !== b).map((c) => [a, b, c, all.find((d) => d !== a && d !== b && d !== c)!] as const)),
  );
  it.each(orders.map((o) => [o.join(', '), o]))('takes the details in the order %s and never asks again for one it has', async (_label, order) => {
    const { replies, argsOf } = await converse([...order.map((fact) => FACTS[fact]), 'Yes, please.']);
    order.forEach((fact, i) => {
      for (const later of replies.slice(i)) expect(later).not.toMatch(QUESTION_OF[fact]);
    });
    expect(argsOf('create_action_job_booking')).toEqual([
      expect.objectContaining({
        full_name: 'Jane Cooper',
        phone_number: '+15125550199',
        address: '120 Oak Street 78701',
        job_type_id: '101',
        appointment_time: '2026-03-04T08:00:00',
      }),
    ]);
  });

  it('asks for the zip code alone when the street came without one', async () => {
    const { replies, argsOf } = await converse(['My kitchen sink is clogged. Sam Ortiz, 512 555 0134, 45 Willow Way.', '78702', 'the first one']);
    expect(replies[0]).toMatch(/zip code there\?$/);
    expect(argsOf('check_address')[0]).toMatchObject({ zipcode: '78702', streetNumber: '45', streetName: 'Willow Way' });
    expect(argsOf('create_action_job_booking')[0]).toMatchObject({ job_type_id: '201', business_unit_id: '2', address: '45 Willow Way 78702' });
  });

  it('on "not then" asks when would suit, and looks there', async () => {
    const { replies, argsOf } = await converse(['AC quit. Laura Diaz, 512-555-0126, 12 Sage Lane 78701.', 'Not then.', 'Friday afternoon.', 'Yes.']);
    expect(replies[1]).toMatch(/What day and time would work better for you\?/);
    expect(argsOf('get_capacity').map((a) => a.time_to_check)).toEqual(['2026-03-04T08:00:00', '2026-03-06T12:00:00']);
    expect(replies[2]).toMatch(/I have Friday, March 6 between 1 PM and 3 PM or Friday, March 6 between 3 PM and 5 PM, for Laura Diaz/);
    expect(argsOf('create_action_job_booking')[0].appointment_time).toBe('2026-03-06T13:00:00');
  });

  it('on "anything later?" looks after the windows offered; on "anything earlier?" looks from now', async () => {
    const { argsOf, replies } = await converse([
      'Clogged drain. Ted Murphy, 512-555-0165, 4 Cobble Court 78702, Thursday please.',
      'Anything later?',
      'Anything earlier?',
    ]);
    expect(argsOf('get_capacity').map((a) => a.time_to_check)).toEqual(['2026-03-05T08:00:00', '2026-03-05T10:00:00', '2026-03-03T11:00:00']);
    expect(replies[1]).toContain('Thursday, March 5 between 10 AM and 12 PM');
    expect(replies[2]).toContain('Tuesday, March 3 between 1 PM and 3 PM');
  });

  it('on "actually, make it Friday" looks on Friday instead and books there', async () => {
    const { replies, argsOf } = await converse([
      'Water heater pilot is out. Irene Walsh, 310 Windsor Road 78703, 512-555-0128, tomorrow morning please.',
      'Actually, make it Friday.',
      'Yes, please.',
    ]);
    expect(argsOf('get_capacity').map((a) => a.time_to_check)).toEqual(['2026-03-04T08:00:00', '2026-03-06T08:00:00']);
    expect(replies[1]).toContain('Friday, March 6 between 8 AM and 10 AM');
    expect(argsOf('create_action_job_booking')[0]).toMatchObject({ appointment_time: '2026-03-06T08:00:00', job_type_id: '202' });
  });

  it('takes "sorry, it\'s 41 Oak Lane" at the offer: says it back, keeps the zip and the windows, books the corrected address', async () => {
    const { replies, argsOf } = await converse(["I'm Dana Ruiz at 14 Oak Lane 78701, my AC quit. 512-555-0142", "Sorry, it's 41 Oak Lane.", 'The first one.']);
    expect(replies[1]).toMatch(/^(?:\(offline engine\) )?Got it, 41 Oak Lane\. I have .* for Dana Ruiz at 41 Oak Lane\. Shall I book that\?$/);
    expect(argsOf('check_address')).toHaveLength(1);
    expect(argsOf('create_action_job_booking')[0]).toMatchObject({ address: '41 Oak Lane 78701', zip: '78701' });
  });

  it('checks the address again when the zip code is corrected', async () => {
    const { argsOf } = await converse([
      'Water heater leaking. Paula Reyes, 512-555-0146, 55 Pine Street, 78701.',
      'Sorry, the zip is 78703.',
      'The first one, please.',
    ]);
    expect(argsOf('check_address').map((a) => a.zipcode)).toEqual(['78701', '78703']);
    expect(argsOf('create_action_job_booking')[0]).toMatchObject({ address: '55 Pine Street 78703', zip: '78703' });
  });

  it('takes a corrected phone number and name', async () => {
    const { argsOf } = await converse([
      "I'm Jon Smith, the AC is making a rattling noise, 512-555-0144.",
      'Actually my number is 512-555-0145.',
      'Sorry, my name is Jon Smyth.',
      '4 Falcon Ridge, 78745.',
      'Yes.',
    ]);
    expect(argsOf('create_action_job_booking')[0]).toMatchObject({ full_name: 'Jon Smyth', phone_number: '+15125550145' });
  });

  it('a "no" to an offer is an answer, not a goodbye; windows turned down are not offered again', async () => {
    const { turns, replies, argsOf } = await converse(['AC broken. Aaron Price, 66 Oak Hollow 78704, 512-555-0131.', 'No.', 'Whenever.', 'the first one']);
    expect(turns[1].ended).toBe(false);
    const firstOffer = (replies[0].match(/\w+day, March \d+ between \d+ [AP]M/g) ?? []).slice();
    const secondOffer = replies[2].match(/\w+day, March \d+ between \d+ [AP]M/g) ?? [];
    expect(firstOffer).toHaveLength(1);
    expect(secondOffer.length).toBeGreaterThan(0);
    expect(secondOffer.filter((w) => firstOffer.includes(w))).toEqual([]);
    expect(argsOf('create_action_job_booking')).toHaveLength(1);
  });

  it('offers a callback to a caller who turns every offer down, and books nothing', async () => {
    const { replies, argsOf, tools } = await converse([
      'My AC is broken. Carmen Vega, 21 Oak Lane 78701, 512-555-0164.',
      "No, that doesn't work.",
      "I'm not sure.",
      'Not then either.',
      'No, none of those.',
      'Yes, please.',
      "No, that's all.",
    ]);
    expect(replies[4]).toMatch(/none of those work\. Would you like the office to call you back\?/);
    expect(argsOf('create_action_callback_request')).toEqual([{ is_emergency_callback: false, phone_number: '+15125550164' }]);
    expect(tools.calls.map((c) => c.tool)).not.toContain('create_action_job_booking');
    expect(tools.calls.at(-1)?.tool).toBe('end_call');
  });

  it('takes a callback request instead of a booking when the caller asks for one at the offer', async () => {
    const { argsOf, tools } = await converse(['AC broken. Carmen Vega, 21 Oak Lane 78701, 512-555-0164.', 'Can you just have someone call me back?']);
    expect(argsOf('create_action_callback_request')).toEqual([{ is_emergency_callback: false, phone_number: '+15125550164' }]);
    expect(tools.calls.map((c) => c.tool)).not.toContain('create_action_job_booking');
  });

  it('books only a window the tools found, whatever the caller names', async () => {
    const { argsOf, tools } = await converse([
      'Drain clogged, Ben Harris, 5 Juniper Cove 78702, 512-555-0125, Thursday please.',
      '3 PM works.',
      'Can you do 11?',
      'No.',
      'Thursday at 3',
      'Yes.',
    ]);
    const bookings = argsOf('create_action_job_booking');
    expect(bookings).toHaveLength(1);
    expect(tools.found.has(String(bookings[0].appointment_time))).toBe(true);
  });
});

describe('where the dialogue looks for windows', () => {
  const clock = { today: '2026-03-03', now: '09:15' };
  it.each([
    ['no preference: tomorrow morning', null, null, '2026-03-04T08:00:00'],
    ['a day and time', { date: '2026-03-06', after: '14:00', before: null, asap: false, spoken: '' }, null, '2026-03-06T14:00:00'],
    [
      'as soon as possible: the next full hour after an hour from now',
      { date: null, after: null, before: null, asap: true, spoken: '' },
      null,
      '2026-03-03T11:00:00',
    ],
    ['an afternoon today', { date: null, after: '12:00', before: '17:00', asap: false, spoken: '' }, null, '2026-03-03T12:00:00'],
    ['a morning already past today: tomorrow', { date: null, after: '08:00', before: '12:00', asap: false, spoken: '' }, null, '2026-03-04T08:00:00'],
    ['after the last window turned down', null, { start: '2026-03-04T13:00:00', end: '2026-03-04T15:00:00' }, '2026-03-04T15:00:00'],
    ['after an evening window: the next morning', null, { start: '2026-03-04T15:00:00', end: '2026-03-04T17:00:00' }, '2026-03-05T08:00:00'],
  ])('%s', (_label, pref, after, expected) => {
    expect(capacityStart(pref, clock, after)).toBe(expected);
  });
});

describe('the job type for a problem', () => {
  const types = jobTypes.map((t) => ({ id: t.id, businessUnitId: t.businessUnitId, name: t.name }));
  it.each([
    ['my AC is blowing warm air', '101'],
    ['furnace tune-up before winter', '102'],
    ["we're thinking of replacing our old AC system, can we get a quote?", '103'],
    ['the toilet keeps backing up', '201'],
    ['an AC tune up', '101'],
    ['a tune-up before winter', '102'],
    ['the water heater is leaking', '202'],
    ['no hot water', '202'],
    ['something odd', '101'],
  ])('%s → %s', (problem, id) => {
    expect(pickJobType(problem, types).id).toBe(id);
  });
});
