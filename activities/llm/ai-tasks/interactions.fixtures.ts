import { type InteractionInput, InteractionInputSchema, parseTranscriptLine } from '../../../domain/interaction/interaction.schema';
import type { AiTaskName } from './registry';
import type { CsrAssistantInput } from './csr-assistant-reply.prompt';

// Realistic interactions for tests: a booked inbound call, an unbooked one, a spam call and an
// outbound reminder that reached voicemail. Transcripts are written as the providers send them.

function transcript(lines: [string, string][]) {
  return lines.map(([ts, message]) => parseTranscriptLine({ ts, message }));
}

const ORG = { name: 'Demo HVAC', timezone: 'America/Chicago', tradesOffered: ['HVAC', 'Plumbing'], zipcodes: ['62701', '62704'] } as const;

export const BOOKED_CALL: InteractionInput = InteractionInputSchema.parse({
  agentType: 'OFFICE_HOURS_CSR',
  org: ORG,
  transcript: transcript([
    ['00:00', 'agent: Thank you for calling Demo HVAC, this is Ava. How can I help you today?'],
    ['00:05', "user: Hi, my AC stopped blowing cold air last night and it's really hot in the house."],
    ['00:12', "agent: I'm sorry to hear that, we can definitely help. May I have your name?"],
    ['00:16', 'user: My name is Maria Lopez.'],
    ['00:20', "agent: Thanks, Maria. What's the service address?"],
    ['00:24', 'user: I live at 42 Oak Street, Springfield, IL 62704.'],
    ['00:31', "agent: Great, that's 42 Oak Street in Springfield, 62704, correct?"],
    ['00:35', "user: Yes, that's right."],
    [
      '00:38',
      'agent: Our technician visit has an $89 dispatch fee, which is waived if you go ahead with the repair. I have tomorrow between 8 and 10 AM. Does that work?',
    ],
    ['00:49', 'user: That works. The unit is about 12 years old.'],
    ['00:55', "agent: You're all set for tomorrow between 8 and 10 AM. Who will meet the technician?"],
    ['01:00', "user: I'll be there myself. My number is 217-555-0142."],
    ['01:06', 'agent: Got it, 217-555-0142. Is there anything else I can help with?'],
    ['01:10', "user: No, thank you so much, you've been very helpful."],
    ['01:14', 'agent: Thank you for calling Demo HVAC, Maria. Have a great day!'],
  ]),
  facts: {
    actions: [
      {
        id: 'act-booking-1',
        type: 'job_booking',
        status: 'COMPLETED',
        payload: {
          address: '42 Oak Street, Springfield, IL 62704',
          zip: '62704',
          appointment_time: '2025-07-16T08:00:00',
          is_emergency_slot: false,
          business_unit_id: 'bu-hvac-service',
          job_type_id: 'jt-ac-repair',
          full_name: 'Maria Lopez',
          phone_number: '+12175550142',
        },
      },
    ],
    events: ['get_capacity', 'create_crm_booking'],
    endedReason: 'agent_hangup',
    durationSeconds: 78,
    customerPhone: '+12175550142',
  },
});

export const UNBOOKED_CALL: InteractionInput = InteractionInputSchema.parse({
  agentType: 'OFFICE_HOURS_CSR',
  org: ORG,
  transcript: transcript([
    ['00:00', 'agent: Thanks for calling Demo HVAC, this is Ava. How can I help?'],
    ['00:04', 'user: Hi, my furnace is making a loud banging noise when it starts.'],
    ['00:10', "agent: I'm sorry to hear that. Can I get your name?"],
    ['00:13', 'user: This is John Carter.'],
    ['00:17', "agent: Thanks, John. What's the address where you need service?"],
    ['00:21', 'user: My address is 9 Elm Court, Springfield, IL 62701.'],
    ['00:28', 'agent: Let me check our availability. I can offer Friday between 1 and 3 PM.'],
    ['00:36', 'user: Actually the noise just stopped, I need to go, bye.'],
  ]),
  facts: { events: ['get_capacity'], endedReason: 'user_hangup', durationSeconds: 38, customerPhone: '+12175550177' },
});

export const SPAM_CALL: InteractionInput = InteractionInputSchema.parse({
  agentType: 'AFTER_HOURS_CSR',
  org: ORG,
  transcript: transcript([
    ['00:00', 'agent: Thank you for calling Demo HVAC, this is Ava. How can I help you today?'],
    [
      '00:04',
      "user: Hi, this is Kevin from Local Business Listings. We noticed your Google business listing isn't verified and you could be losing customers.",
    ],
    ['00:13', "agent: I'm the virtual receptionist for Demo HVAC. Are you calling about a heating or cooling service?"],
    ['00:18', "user: No, I'm calling to help you rank higher on Google with our SEO package. Can I speak to the owner?"],
    ['00:25', "agent: I'm not able to transfer sales calls, but you can email the office. Goodbye."],
  ]),
  facts: { endedReason: 'agent_hangup', durationSeconds: 27, customerPhone: '+18005550199' },
});

export const VOICEMAIL_CALL: InteractionInput = InteractionInputSchema.parse({
  direction: 'outbound',
  agentType: 'APPOINTMENT_REMINDER_AGENT',
  org: ORG,
  transcript: transcript([
    ['00:00', "user: Hi, you've reached the Johnsons. We can't come to the phone right now. Please leave a message after the tone."],
    [
      '00:08',
      'agent: Hi, this is Ava from Demo HVAC calling to remind you of your appointment tomorrow between 8 and 10 AM. Please call us back at 217-555-0100 if you need to make changes. Thank you!',
    ],
  ]),
  facts: { endedReason: 'voicemail', durationSeconds: 21, customerPhone: '+12175550123' },
});

export const FIXTURES = { booked: BOOKED_CALL, unbooked: UNBOOKED_CALL, spam: SPAM_CALL, voicemail: VOICEMAIL_CALL } as const;
export type FixtureName = keyof typeof FIXTURES;

const JOB_TYPES = [
  { id: 'jt-ac-repair', name: 'AC Repair', businessUnitId: 'bu-hvac-service', businessUnitName: 'HVAC Service' },
  { id: 'jt-furnace-repair', name: 'Furnace Repair', businessUnitId: 'bu-hvac-service', businessUnitName: 'HVAC Service' },
  { id: 'jt-water-heater', name: 'Water Heater Install', businessUnitId: 'bu-plumbing', businessUnitName: 'Plumbing' },
];

/** The input each task is given for a fixture; undefined where the task does not apply (e.g. booked-only tasks). */
export function inputFor(task: AiTaskName, fixture: FixtureName): unknown {
  const call = FIXTURES[fixture];
  const booked = fixture === 'booked';
  switch (task) {
    case 'summary_booked_action':
    case 'tags_booked':
      return booked ? { ...call, actionId: 'act-booking-1' } : undefined;
    case 'summary_booked_action_custom':
      return booked
        ? {
            ...call,
            actionId: 'act-booking-1',
            instructions: [
              { title: 'Age of unit/equipment', instruction: 'How old is the unit?' },
              { title: 'Parking', instruction: 'Where should the tech park?' },
            ],
          }
        : undefined;
    case 'chat_summary_booked':
      return booked ? { ...call, source: 'chat' } : undefined;
    case 'summary_excused':
    case 'summary_unbooked':
    case 'tags_excused':
    case 'tags_unbooked':
    case 'reclassify_unbooked_to_excused':
      return booked ? undefined : call;
    case 'transcript_to_customer_id_and_is_lead':
      return {
        ...call,
        customerCandidates: [
          { id: 'cust-1', name: 'Maria Lopez', phones: ['(217) 555-0142'], addresses: ['42 Oak Street, Springfield, IL 62704'] },
          { id: 'cust-2', name: 'Peter Novak', phones: ['217-555-0999'], addresses: ['7 Pine Road, Springfield, IL 62701'] },
        ],
      };
    case 'job_booking_params':
      return { ...call, jobTypes: JOB_TYPES };
    case 'crm_tags':
      return {
        ...call,
        availableTags: [
          { name: 'AC Repair', instruction: null },
          { name: 'Furnace', instruction: null },
          { name: 'Water Heater', instruction: null },
        ],
        defaultTag: 'General Inquiry',
      };
    case 'tags_to_insights':
      return {
        orgName: 'Demo HVAC',
        interactions: [
          { callType: 'Booked', tags: ['booked', 'next_day'] },
          { callType: 'Unbooked', tags: [] },
          { callType: 'Excused', tags: ['spam'] },
          { callType: 'Excused', tags: ['message_left'] },
        ],
      };
    case 'job_type_description':
      return { orgName: 'Demo HVAC', jobType: { id: 'jt-ac-repair', name: 'AC Repair', businessUnitName: 'HVAC Service', trade: 'HVAC' } };
    case 'address_validation_with_candidates':
      return {
        spokenAddress: '42 Oak Street, Springfield',
        candidates: [
          { placeId: 'place-1', formattedAddress: '42 Oak St, Springfield, IL 62704, USA' },
          { placeId: 'place-2', formattedAddress: '420 Oak St, Springfield, IL 62704, USA' },
        ],
      };
    case 'cancel_job_reason':
      return {
        ...call,
        cancelReasons: [
          { id: 'cr-1', name: 'Scheduling conflict' },
          { id: 'cr-2', name: 'Price too high' },
          { id: 'cr-3', name: 'Issue resolved' },
        ],
      };
    case 'reschedule_params':
      return { ...call, appointments: [{ id: 'ap-1', startTime: '2025-07-16T08:00:00', endTime: '2025-07-16T10:00:00', jobId: 'job-1' }] };
    case 'call_reason':
    case 'qa_call_reason':
      return {
        ...call,
        callReasons: [
          { id: 'r-1', name: 'AC Repair', isLead: true },
          { id: 'r-2', name: 'Furnace Noise', isLead: true },
          { id: 'r-3', name: 'Sales / Spam', isLead: false },
        ],
      };
    case 'guardrail':
      return {
        agentType: call.agentType,
        orgName: 'Demo HVAC',
        message: call.transcript.find((l) => l.role === 'user')?.message ?? '',
        history: call.transcript.slice(0, 1),
      };
    case 'speakers':
      return { lines: call.transcript.map((l) => ({ speaker: l.role === 'agent' ? 'spk_0' : 'spk_1', message: l.message })) };
    case 'opportunity_estimator':
      return {
        ...call,
        jobTypes: JOB_TYPES.map((t) => ({ name: t.name })),
        priceHistory: [
          { jobType: 'AC Repair', amount: 420 },
          { jobType: 'AC Repair', amount: 610 },
          { jobType: 'Furnace Repair', amount: 380 },
        ],
        avgJobRevenue: 450,
      };
    case 'email_to_lead_extraction':
      return {
        from: 'leads@marketplace.example',
        subject: 'New lead: Water heater replacement',
        body: 'You have a new lead.\nName: Dana Whitfield\nPhone: (217) 555-0188\nEmail: dana.whitfield@example.com\nAddress: 15 Birch Lane, Springfield, IL 62701\nService: Water heater replacement\n',
      };
    case 'csr_assistant_reply':
      return csrAssistantInputFor(call, booked ? 'Was anything booked?' : 'Why unbooked?');
    case 'agent_script_variables':
      return {
        agentType: booked ? 'OFFICE_HOURS_CSR' : 'SALES_AGENT',
        orgName: 'Demo HVAC',
        agentName: 'Olivia',
        trades: ['HVAC'],
        website: {
          url: 'https://demo-hvac.example',
          title: 'Demo HVAC',
          text: '# Demo HVAC\n- Furnace and AC repair\n## Office Hours\nMonday - Friday: 8 AM - 5 PM\nCall (555) 010-2030 (tel: +15550102030)',
        },
        currentVariables: { agent_name: 'Olivia', services: 'HVAC' },
      };
    default:
      return call;
  }
}

/** The CSR assistant's input for a fixture call, as the API builds it from the read models (times already in the CSR's zone). */
export function csrAssistantInputFor(call: InteractionInput, question: string, earlierCalls: CsrAssistantInput['earlierCalls'] = []): CsrAssistantInput {
  const booking = call.facts.actions.find((a) => a.type === 'job_booking');
  const booked = booking?.status === 'COMPLETED';
  return {
    question,
    conversation: [],
    org: { name: call.org.name, timezone: call.org.timezone ?? 'America/Chicago' },
    timezone: 'America/Chicago',
    call: {
      id: 'int-1',
      startedAt: 'Jul 15, 2025, 9:12 AM CDT',
      durationSeconds: call.facts.durationSeconds ?? null,
      direction: call.direction ?? null,
      agentType: call.agentType,
      status: booked ? 'BOOKED' : 'UNBOOKED',
      callType: booked ? 'Booked' : 'Unbooked',
      classificationReason: booked
        ? 'a completed job_booking action (act-booking-1)'
        : 'the caller left before a window was accepted ("the noise just stopped", 00:36)',
      endedReason: call.facts.endedReason ?? null,
      customer: { name: null, number: call.facts.customerPhone ?? null, address: null, isLead: true },
      summary: booked
        ? [{ title: 'Summary', content: ['Maria Lopez booked an AC repair for tomorrow between 8 and 10 AM.'] }]
        : [
            { title: 'Summary', content: ['John Carter called about a furnace banging when it starts.'] },
            { title: 'Unbooked Reason', content: ['The caller said the noise had stopped and hung up before booking.'] },
          ],
      tags: booked ? [{ tag: 'next_day', reason: 'booked for the next day' }] : [],
      transcript: call.transcript.map(({ role, message, timestamp }) => ({ role, message, timestamp })),
      jobs: booked ? [{ kind: 'job', id: 'job-1', number: '1001', status: 'SCHEDULED' }] : [],
      actions: (call.facts.actions ?? []).map((a) => ({
        type: a.type,
        status: a.status,
        reason: a.status === 'DROPPED' ? 'the CRM refused the appointment window' : null,
        appointment: typeof a.payload.appointment_time === 'string' ? 'Jul 16, 2025, 8:00 AM CDT' : null,
      })),
      reviewNotes: null,
    },
    earlierCalls,
  };
}
