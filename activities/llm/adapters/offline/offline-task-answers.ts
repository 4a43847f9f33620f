import type { z } from 'zod';
import type { AiTaskByName, AiTaskName } from '../../ai-tasks/registry';
import { CALL_SCORER_FLAGS, type CallScorerFlag } from '../../ai-tasks/call-scorer.prompt';
import type { IntentBucket, ScoreMetric } from '../../ai-tasks/common';
import { type Action, CHAT_STAGES, type InteractionInput } from '../../../../domain/interaction/interaction.schema';
import { JOB_SUMMARY_TITLES, type SummarySection } from '../../../../domain/interaction/summary.schema';
import { BOOKED_TAGS, EXCUSED_TAGS, OUTBOUND_CALL_TAGS, OUTBOUND_TEXT_TAGS, UNBOOKED_TAGS } from '../../../../domain/interaction/tags.schema';
import { answerCsrQuestion } from './csr-assistant-answers';
import { extractScriptVariables } from './script-variables-extraction';
import { CallAnalysis, type CallTypeDecider, type Verdict } from './offline-call-analysis';
import { bestKeywordMatch, cite, type Evidence, findEmail, findPhone, findZip, keywords, longestAgentSilence, shorten, splitAddress } from './transcript-rules';

type Answer<K extends AiTaskName> = (input: z.output<AiTaskByName<K>['inputSchema']>) => z.output<AiTaskByName<K>['outputSchema']>;
export type OfflineAnswers = { [K in AiTaskName]: Answer<K> };

function flags<N extends string>(names: readonly N[], verdict: (name: N) => Verdict): Record<string, boolean | string> {
  const out: Record<string, boolean | string> = {};
  for (const name of names) {
    const v = verdict(name);
    out[name] = v.value;
    out[`${name}_reason`] = v.reason;
  }
  return out;
}

const cache = { rules: new WeakMap<object, CallAnalysis>(), model: new WeakMap<object, CallAnalysis>() };
/**
 * Each task of a call gets its input parsed afresh from its prompt, so the same call comes back as an equal but new
 * object once per task: the analyses of the last few inputs are kept by their content too, and a call's tasks read
 * its transcript once instead of once each.
 */
const byContent = new Map<string, CallAnalysis>();
const BY_CONTENT_KEPT = 32;
/** Who decides the call type for the answers being computed (set around one answer by `answeringWith`). */
let decider: CallTypeDecider = 'rules';

/** Runs one (synchronous) answer with the given call-type decider, the engine's setting. */
export function answeringWith<T>(callType: CallTypeDecider, answer: () => T): T {
  const before = decider;
  decider = callType;
  try {
    return answer();
  } finally {
    decider = before;
  }
}

function analyse(input: InteractionInput): CallAnalysis {
  let analysis = cache[decider].get(input);
  if (analysis) return analysis;
  const key = `${decider}:${JSON.stringify(input)}`;
  analysis = byContent.get(key);
  if (analysis) byContent.delete(key);
  else analysis = new CallAnalysis(input, decider);
  byContent.set(key, analysis);
  if (byContent.size > BY_CONTENT_KEPT) byContent.delete(byContent.keys().next().value!);
  cache[decider].set(input, analysis);
  return analysis;
}

function summaryLines(a: CallAnalysis): string[] {
  const name = a.name;
  const request = a.serviceRequest;
  const address = a.address;
  return [
    name ? `Caller: ${name.text} (${name.line.timestamp}).` : 'The caller did not give a name.',
    request ? `Request: "${shorten(request.line.message, 25)}" (${request.line.timestamp}).` : 'No request for service was recognised.',
    ...(address ? [`Address given: ${address.text} (${address.line.timestamp}).`] : []),
    `Outcome from the recorded actions: ${a.outcome().join('; ')}.`,
  ];
}

function quoteOr(evidence: Evidence | null, fallback = 'Not mentioned.'): string {
  return evidence ? `${cite(evidence)}.` : fallback;
}

const CUSTOMER_MEETS = [
  /\bI'?ll be (?:there|home)\b/i,
  /\bmy (?:wife|husband|son|daughter|tenant|neighbou?r|partner|mom|dad|roommate) will (?:be there|be home|meet)\b/i,
  /\bsomeone will be (?:there|home)\b/i,
];
const WHO_PAYS = [
  /\bI'?ll (?:be )?pay(?:ing)?\b/i,
  /\bmy (?:landlord|home warranty|insurance|property manager) (?:will|is going to) (?:pay|cover)\b/i,
  /\bhome warranty\b/i,
];
const UNIT_AGE = [/\b(?:about |around |roughly |maybe )?(?:\d+|a few|a couple of|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty) years? old\b/i];
const TIME_WINDOW = [/\bbetween \d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)? and \d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)/i];

function jobSummarySection(a: CallAnalysis, title: (typeof JOB_SUMMARY_TITLES)[number], actionId: string): SummarySection {
  const action = a.booked.find((b) => b.id === actionId) ?? a.booked[0];
  const when = typeof action.payload.appointment_time === 'string' ? action.payload.appointment_time : null;
  switch (title) {
    case 'Scheduled Date':
      return {
        title,
        content: [when ? `${when.slice(0, 10)} (from booking action ${action.id}).` : 'The booking action records no appointment time.'],
      };
    case 'Time Window': {
      const window = a.view.find('agent', TIME_WINDOW);
      return {
        title,
        content: [window ? `${cite(window)}.` : when ? `Starts ${when.slice(11, 16) || when}; no window was stated.` : 'Not mentioned.'],
      };
    }
    case 'Who will meet tech?':
      return { title, content: [quoteOr(a.view.find('customer', CUSTOMER_MEETS))] };
    case 'Who will pay?':
      return { title, content: [quoteOr(a.view.find('customer', WHO_PAYS))] };
    case 'Age of unit/equipment':
      return { title, content: [quoteOr(a.view.find('customer', UNIT_AGE))] };
    case 'Add on': {
      const upsell = a.phrase('upsell');
      return {
        title,
        content: [
          upsell ? `The agent mentioned an extra at ${upsell.line.timestamp}: "${shorten(upsell.line.message, 20)}"; no sale is recorded.` : 'Not mentioned.',
        ],
      };
    }
    case 'Job type reasoning': {
      const request = a.serviceRequest;
      const jobType = action.payload.job_type_id ?? 'not recorded';
      const unit = action.payload.business_unit_id ?? 'not recorded';
      return {
        title,
        content: [
          `The booking action chose job type ${String(jobType)} (business unit ${String(unit)})${request ? ` for the caller's request: "${shorten(request.line.message, 20)}"` : ''}.`,
        ],
      };
    }
    case 'Summary':
      return { title, content: summaryLines(a) };
  }
}

function excuseLines(a: CallAnalysis): string[] {
  const tags = a.excusedTags();
  const found = EXCUSED_TAGS.filter((t) => tags[t].value).map((t) => labelReason(t, tags[t]));
  return found.length > 0 ? found : ['no excuse (spam, voicemail, fee, timing, service area, ...) was recognised in the transcript.'];
}

function labelReason(tag: string, verdict: Verdict): string {
  return `${tag}: ${verdict.reason}`;
}

function unbookedReasonLines(a: CallAnalysis): string[] {
  const lines = ['No booking action was completed.'];
  const tags = a.excusedTags();
  for (const t of EXCUSED_TAGS) if (tags[t].value) lines.push(labelReason(t, tags[t]));
  const last = a.view.customer[a.view.customer.length - 1];
  if (lines.length === 1) {
    lines.push(last ? `No reason was recognised; the caller's last words were ${cite({ line: last, text: last.message })}.` : 'The caller said nothing.');
  }
  return lines;
}

type QaVerdict = { value: boolean | null; reasoning: string[]; at: number };

function qaMetric(a: CallAnalysis, metric: ScoreMetric): QaVerdict {
  const agent = a.view.agent;
  const lastSecond = Math.max(0, ...a.input.transcript.map((l) => l.seconds));
  const verdict = (value: boolean | null, reason: string, at = 0): QaVerdict => ({ value, reasoning: [reason], at });
  const from = (e: Evidence | null, met: string, unmet: string, at = 0): QaVerdict =>
    e ? verdict(true, `${met}: ${cite(e)}.`, e.line.seconds) : verdict(false, unmet, at);
  if (agent.length === 0) return verdict(null, 'the agent side said nothing.');
  const first = agent[0];
  const last = agent[agent.length - 1];
  switch (metric.name.trim().toLowerCase()) {
    case 'friendly greeting': {
      const ok = /\b(?:hello|hi|good (?:morning|afternoon|evening)|thanks? (?:you )?for calling|welcome)\b/i.test(first.message);
      return verdict(ok, `${ok ? 'opened with a greeting' : 'no greeting in the opening line'}: ${cite({ line: first, text: first.message })}.`, first.seconds);
    }
    case 'clearly identify self & company': {
      const org = a.input.org.name.toLowerCase();
      const line = agent.find((l) => /\b(?:this is|my name is|i'?m)\b/i.test(l.message) && l.message.toLowerCase().includes(org));
      return line
        ? verdict(true, `named self and company: ${cite({ line, text: line.message })}.`, line.seconds)
        : verdict(false, `never said both a name and "${a.input.org.name}".`, first.seconds);
    }
    case 'empathy':
      return from(a.phrase('empathy'), 'acknowledged the caller', 'no acknowledging phrase (sorry to hear, I understand) was recognised.');
    case 'assurance':
      return from(
        a.view.find('agent', [
          /\bwe can (?:definitely |certainly )?help\b/i,
          /\bwe'?ll take (?:good )?care\b/i,
          /\b(?:happy|glad) to help\b/i,
          /\bwe'?ll get (?:someone|a tech)/i,
        ]),
        'assured the caller',
        'no assurance phrase (we can help, we will take care of it) was recognised.',
      );
    case 'effective questioning': {
      const questions = agent.filter((l) => l.message.includes('?'));
      return verdict(questions.length >= 3, `the agent asked ${questions.length} question${questions.length === 1 ? '' : 's'}.`, questions[0]?.seconds ?? 0);
    }
    case 'building value before price': {
      const fee = a.phrase('fee_mentioned');
      if (!fee) return verdict(null, 'no fee or price was mentioned.');
      const value = /\b(?:waived|included|applied (?:to|toward)|credited|goes toward)\b/i.test(fee.line.message);
      return verdict(value, `${value ? 'the fee came with its value' : 'the fee was stated without its value'}: ${cite(fee)}.`, fee.line.seconds);
    }
    case 'addresses objections': {
      const objection = a.phrase('objection');
      if (!objection) return verdict(null, 'the caller raised no objection the rules recognise.');
      const reply = agent.find((l) => l.seconds >= objection.line.seconds);
      return reply
        ? verdict(true, `answered the objection ${cite(objection)} at ${reply.timestamp}.`, reply.seconds)
        : verdict(false, `left the objection unanswered: ${cite(objection)}.`, objection.line.seconds);
    }
    case 'closing the appointment':
      return a.booked.length > 0
        ? verdict(true, `booking action ${a.booked[0].id} completed.`, last.seconds)
        : verdict(false, 'no booking action completed.', last.seconds);
    case 'professional closing & gratitude': {
      const ok = /\b(?:thank|have a (?:great|good|nice|wonderful)|goodbye|bye)\b/i.test(last.message);
      return verdict(ok, `${ok ? 'closed with thanks' : 'the last line has no thanks or goodbye'}: ${cite({ line: last, text: last.message })}.`, last.seconds);
    }
    case 'ask for appointment':
      return from(
        a.view.find('agent', [
          /\bdoes that work\b/i,
          /\bwould you like (?:to|me to) (?:schedule|book)\b/i,
          /\bcan I (?:schedule|book)\b/i,
          /\bI have [^.?!]*\bavailable\b/i,
          /\bI have (?:today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i,
          /\blet'?s get you (?:scheduled|booked)\b/i,
        ]),
        'asked for the appointment',
        'never asked to book an appointment.',
      );
    case 'appropriate use of hold time': {
      const hold = a.view.find('agent', [/\b(?:hold|one moment|bear with me|give me a (?:second|moment))\b/i]);
      if (!hold) return verdict(null, 'the caller was never put on hold.');
      const thanks = a.view.find('agent', [/\bthanks? (?:you )?for (?:holding|waiting|your patience)\b/i]);
      return thanks
        ? verdict(true, `thanked the caller for waiting: ${cite(thanks)}.`, thanks.line.seconds)
        : verdict(false, `put the caller on hold without thanking them after: ${cite(hold)}.`, hold.line.seconds);
    }
    case 'verify address': {
      const address = a.address;
      if (!address) return verdict(null, 'no address was given.');
      const number = /^\d+/.exec(address.text)?.[0];
      const echo = agent.find((l) => l.seconds >= address.line.seconds && number !== undefined && l.message.includes(number));
      return echo
        ? verdict(true, `read the address back: ${cite({ line: echo, text: echo.message })}.`, echo.seconds)
        : verdict(false, `never read back the address given at ${address.line.timestamp}.`, address.line.seconds);
    }
    case 'repeat customer name': {
      const name = a.name;
      if (!name) return verdict(null, 'the caller gave no name.');
      const first = name.text.split(/\s+/)[0];
      const used = agent.find((l) => l.seconds >= name.line.seconds && new RegExp(`\\b${first}\\b`).test(l.message));
      return used
        ? verdict(true, `used the name ${first}: ${cite({ line: used, text: used.message })}.`, used.seconds)
        : verdict(false, `never used the caller's name ${first}.`, name.line.seconds);
    }
    case 'attentive': {
      const repeat = a.phrase('repeat_request');
      return repeat
        ? verdict(false, `asked the caller to repeat: ${cite(repeat)}.`, repeat.line.seconds)
        : verdict(true, 'never asked the caller to repeat themselves.', Math.min(lastSecond, first.seconds));
    }
    case 'upsell or additional offer':
      return from(a.phrase('upsell'), 'offered an extra', 'no membership, maintenance plan or add-on was offered.', last.seconds);
    default:
      return verdict(null, `no rule for "${metric.name}"; a language model is needed to judge it.`);
  }
}

function intentOf(a: CallAnalysis): { bucket: IntentBucket; evidence: Evidence | null } {
  if (a.spam.value) return { bucket: 'spam', evidence: a.phrase('spam') };
  const checks: [IntentBucket, Evidence | null][] = [
    ['cancellation', a.phrase('cancellation')],
    ['reschedule', a.phrase('reschedule')],
    ['billing', a.view.find('customer', [/\b(?:invoice|bill|billing|payment|refund|charged)\b/i])],
    ['membership', a.view.find('customer', [/\bmembership\b/i, /\bmaintenance (?:plan|agreement)\b/i])],
    [
      'appointment_status',
      a.view.find('customer', [/\bwhen (?:is|will) (?:the|my) tech(?:nician)?\b/i, /\brunning late\b/i, /\bstatus of\b/i, /\bstill coming\b/i]),
    ],
    ['emergency_service', a.phrase('distress')],
    ['estimate', a.phrase('estimate_on_call') ?? a.view.find('customer', [/\b(?:estimate|quote)\b/i])],
    ['callback', a.phrase('callback_requested')],
    ['new_service', a.serviceRequest],
  ];
  const hit = checks.find(([, e]) => e !== null);
  return hit ? { bucket: hit[0], evidence: hit[1] } : { bucket: 'other', evidence: null };
}

function scorerFlag(a: CallAnalysis, flag: CallScorerFlag): { value: boolean; reasoning: string } {
  const v = (value: boolean, reason: string) => ({ value, reasoning: reason });
  const phraseFlag = (e: Evidence | null, label: string) => (e ? v(true, `${label}: ${cite(e)}.`) : v(false, `no phrase for ${label} was recognised.`));
  const booked = a.booked.length > 0;
  switch (flag) {
    case 'complimented_ai':
      return phraseFlag(a.phrase('complimented_ai'), 'the caller praised the agent');
    case 'repeated_address': {
      const asked = a.phrase('repeat_request');
      const given = a.view.customer.filter((l) => /\b(?:address is|i live at|located at)\b/i.test(l.message) || /^\d+\s+\w+/.test(l.message.trim()));
      if (asked) return v(true, `the agent asked for the address again: ${cite(asked)}.`);
      return given.length > 1 ? v(true, `the caller gave the address ${given.length} times.`) : v(false, 'the address was not asked for twice.');
    }
    case 'addon_sold': {
      const upsell = a.phrase('upsell');
      return v(false, upsell ? `an extra was mentioned at ${upsell.line.timestamp}, but no recorded action shows it sold.` : 'no add-on was mentioned.');
    }
    case 'multiple_bookings':
      return a.booked.length > 1 ? v(true, `${a.booked.length} booking actions completed.`) : v(false, `${a.booked.length} booking action completed.`);
    case 'did_not_realize_ai': {
      const asked = a.phrase('asked_if_ai');
      return asked
        ? v(false, `the caller asked: ${cite(asked)}.`)
        : v(false, 'the caller never asked about AI, but the rules cannot tell whether they realised.');
    }
    case 'distressed_customer_handled': {
      const distress = a.phrase('distress');
      const empathy = a.phrase('empathy');
      if (!distress) return v(false, 'no distress was recognised.');
      return empathy ? v(true, `distress ${cite(distress)} met with ${cite(empathy)}.`) : v(false, `distress ${cite(distress)} got no acknowledging reply.`);
    }
    case 'forgot_dispatch_fee': {
      if (!booked) return v(false, 'nothing was booked.');
      const fee = a.phrase('fee_mentioned');
      return fee ? v(false, `the fee was mentioned: ${cite(fee)}.`) : v(true, 'a job was booked and no fee was ever mentioned.');
    }
    case 'fought_for_call': {
      const objection = a.phrase('objection');
      return objection && booked
        ? v(true, `booked despite ${cite(objection)}.`)
        : v(false, objection ? 'the caller objected and was not booked.' : 'the caller raised no objection.');
    }
    case 'valuable_advice_given':
      return phraseFlag(a.phrase('advice'), 'the agent gave advice');
    case 'realized_ai_and_booked': {
      const asked = a.phrase('asked_if_ai');
      return asked && booked
        ? v(true, `asked ${cite(asked)} and still booked.`)
        : v(false, asked ? 'asked about AI and did not book.' : 'the caller never asked about AI.');
    }
    case 'customer_frustrated_detected':
      return phraseFlag(a.phrase('frustration'), 'frustration');
    case 'interrupted_user':
      return phraseFlag(a.phrase('interruption'), 'the caller objected to being cut off');
    case 'went_silent': {
      const silence = longestAgentSilence(a.view);
      return silence && silence.seconds > 10
        ? v(true, `the agent answered ${silence.seconds} s after the caller's line at ${silence.after.timestamp}.`)
        : v(false, `the longest wait for the agent was ${silence?.seconds ?? 0} s.`);
    }
  }
}

const CANCEL_SYNONYMS: [RegExp, string][] = [
  [/\b(?:price|expensive|cost|afford|cheaper)\b/i, 'price expensive cost'],
  [/\b(?:someone else|another company|different company|other company|found a)\b/i, 'another competitor other company'],
  [/\b(?:fixed|resolved|working again|no longer need|don'?t need|figured it out)\b/i, 'resolved fixed no longer needed'],
  [/\b(?:schedule|busy|work|not available|out of town|conflict)\b/i, 'schedule scheduling conflict time'],
];

/** Adds ms to an ISO date-time, keeping whether it had an offset. */
function addMs(iso: string, ms: number): string {
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/.test(iso);
  const base = Date.parse(hasOffset ? iso : `${iso}Z`);
  const out = new Date(base + ms).toISOString();
  return hasOffset ? out : out.replace(/\.000Z$/, '').replace(/Z$/, '');
}

/** Epoch ms of an ISO date-time; one without an offset is read as UTC so comparisons are stable. */
function instant(iso: string): number {
  return Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`);
}

function sameInstant(a: string, b: string): boolean {
  return !Number.isNaN(instant(a)) && instant(a) === instant(b);
}

function labelled(body: string, labels: string): string | null {
  const match = new RegExp(`^\\s*(?:${labels})\\s*[:\\-]\\s*(.+)$`, 'im').exec(body);
  return match ? match[1].trim() : null;
}

const EXISTING_APPOINTMENT_ACTIONS = ['job_cancel', 'job_reschedule', 'confirm_appointment'] as const;

export const OFFLINE_ANSWERS: OfflineAnswers = {
  classify_interaction: (input) => {
    const type = analyse(input).callType;
    return { call_type: type.value, call_type_reason: type.reason };
  },

  transcript_to_customer_id_and_is_lead: (input) => {
    const a = analyse(input);
    const name = a.name;
    const address = a.address;
    const phone = a.phone;
    const matches = input.customerCandidates.filter(
      (c) =>
        (phone !== null && c.phones.some((p) => findPhone(p) === phone)) ||
        (name !== null && c.name.trim().toLowerCase() === name.text.toLowerCase()) ||
        (address !== null && c.addresses.some((x) => x.trim().toLowerCase().startsWith(address.text.split(',')[0].trim().toLowerCase()))),
    );
    const request = a.serviceRequest;
    const trade = a.trade;
    const lead = a.isLead;
    return {
      customer_id: matches.length === 1 ? matches[0].id : null,
      customer_id_reason:
        matches.length === 1
          ? `candidate ${matches[0].id} matches the caller's phone, name or address.`
          : matches.length > 1
            ? `${matches.length} candidates match; the rules cannot tell which.`
            : input.customerCandidates.length === 0
              ? 'no CRM candidates were given.'
              : "no candidate matches the caller's phone, name or address.",
      customer_name: name?.text ?? null,
      customer_name_reason: quoteOr(name, 'the caller did not say their name in a form the rules recognise.'),
      address: address?.text ?? null,
      address_reason: quoteOr(address, 'no address was given in a form the rules recognise.'),
      is_lead: lead.value,
      is_lead_reason: lead.reason,
      subject: a.spam.value ? 'Solicitation call' : request ? shorten(request.line.message, 10) : 'No service request recognised',
      subject_reason: request ? `the caller's request at ${request.line.timestamp}.` : 'no line asking for service.',
      department: trade?.trade ?? null,
      department_reason: trade ? `"${trade.evidence.text}" at ${trade.evidence.line.timestamp} belongs to ${trade.trade}.` : 'no trade keyword was recognised.',
    };
  },

  summary_booked_action: (input) => ({ summary: JOB_SUMMARY_TITLES.map((t) => jobSummarySection(analyse(input), t, input.actionId)) }),

  summary_booked_action_custom: (input) => {
    const a = analyse(input);
    return {
      summary: input.instructions.map(({ title, instruction }) => {
        const known = JOB_SUMMARY_TITLES.find((t) => t.toLowerCase() === title.trim().toLowerCase());
        if (known) return { ...jobSummarySection(a, known, input.actionId), title };
        return {
          title,
          content: [`cannot follow the instruction "${shorten(instruction, 12)}" without a language model.`, ...summaryLines(a).slice(0, 2)],
        };
      }),
    };
  },

  summary_excused: (input) => {
    const a = analyse(input);
    return {
      summary: [
        { title: 'Summary', content: summaryLines(a) },
        { title: 'Excused Reason', content: excuseLines(a) },
      ],
    };
  },

  summary_unbooked: (input) => {
    const a = analyse(input);
    return {
      summary: [
        { title: 'Summary', content: summaryLines(a) },
        { title: 'Unbooked Reason', content: unbookedReasonLines(a) },
      ],
    };
  },

  summary_demo: (input) => {
    const a = analyse(input);
    const text = a.view.customer.map((l) => l.message).join(' ');
    const shared = [findEmail(text), findPhone(text)].filter(Boolean);
    return {
      summary: [
        {
          title: 'Summary',
          content: [
            'Demo call of the agent.',
            ...summaryLines(a),
            shared.length ? `Contact details shared: ${shared.join(', ')}.` : 'No contact details were shared.',
          ],
        },
      ],
    };
  },

  summary_happy_call: (input) => {
    const a = analyse(input);
    const positive = a.view.find('customer', [/\b(?:great|happy|satisfied|excellent|wonderful|did a good job|very good|pleased)\b/i]);
    const negative = a.view.find('customer', [/\b(?:not happy|unhappy|disappointed|complain\w*|terrible|still (?:broken|not working)|problem again)\b/i]);
    const review = a.view.find('customer', [/\breview\b/i]);
    return {
      summary: [
        {
          title: 'Summary',
          content: [
            ...summaryLines(a).slice(0, 1),
            negative ? `Complaint: ${cite(negative)}.` : positive ? `Satisfied: ${cite(positive)}.` : 'No satisfaction or complaint was recognised.',
            review ? `Review mentioned: ${cite(review)}.` : 'No review was mentioned.',
            `Outcome from the recorded actions: ${a.outcome().join('; ')}.`,
          ],
        },
      ],
    };
  },

  summary_appointment_reminder: (input) => {
    const a = analyse(input);
    const done = (type: string) => input.facts.actions.some((x) => x.type === type && x.status === 'COMPLETED');
    const state = done('job_cancel') ? 'cancelled' : done('job_reschedule') ? 'rescheduled' : done('confirm_appointment') ? 'confirmed' : null;
    return {
      summary: [
        {
          title: 'Summary',
          content: [
            a.reachedVoicemail.value
              ? 'The reminder reached voicemail.'
              : state
                ? `The appointment was ${state} (recorded action).`
                : 'No confirmation, reschedule or cancellation was recorded.',
            ...summaryLines(a).slice(0, 1),
            `Outcome from the recorded actions: ${a.outcome().join('; ')}.`,
          ],
        },
      ],
    };
  },

  summary_generic: (input) => ({ summary: [{ title: 'Summary', content: summaryLines(analyse(input)) }] }),

  job_booking_params: (input) => {
    const a = analyse(input);
    const action = input.facts.actions.find((x) => (x.type === 'job_booking' || x.type === 'create_booking') && x.status !== 'DROPPED');
    const p = action?.payload ?? {};
    const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
    const byId = input.jobTypes.find((t) => t.id === str(p.job_type_id));
    const request = a.serviceRequest?.line.message ?? '';
    const guess = byId
      ? null
      : bestKeywordMatch(
          `${request} ${a.trade?.trade ?? ''}`,
          input.jobTypes.map((t) => `${t.name} ${t.businessUnitName ?? ''}`),
        );
    const jobType = byId ?? (guess === null ? undefined : input.jobTypes[guess]);
    const address = str(p.address) ?? a.address?.text ?? null;
    return {
      address,
      zip: str(p.zip) ?? (address ? findZip(address) : null),
      appointment_time: str(p.appointment_time),
      is_emergency_slot: p.is_emergency_slot === true,
      business_unit_id: jobType?.businessUnitId ?? null,
      job_type_id: jobType?.id ?? null,
      full_name: str(p.full_name) ?? a.name?.text ?? null,
      phone_number: str(p.phone_number) ?? a.phone,
    };
  },

  tags_booked: (input) => {
    const a = analyse(input);
    return flags(BOOKED_TAGS, () => a.excusedTag('sooner_slot')) as ReturnType<Answer<'tags_booked'>>;
  },

  tags_excused: (input) => {
    const a = analyse(input);
    return flags(EXCUSED_TAGS, (t) => a.excusedTag(t)) as ReturnType<Answer<'tags_excused'>>;
  },

  tags_unbooked: (input) => {
    const a = analyse(input);
    const actionOr = (type: Action['type'], signal: 'callback' | 'reschedule' | 'cancellation' | 'appointment_confirmed', label: string): Verdict => {
      const action = a.completed(type);
      return action ? { value: true, reason: `evidence: ${type} action ${action.id} is COMPLETED.` } : a.signal(signal, label);
    };
    const verdicts: Record<(typeof UNBOOKED_TAGS)[number], () => Verdict> = {
      callback: () => actionOr('create_callback', 'callback', 'the caller asked to be called back'),
      reschedule: () => actionOr('job_reschedule', 'reschedule', 'the caller wanted to move an appointment'),
      cancellation: () => {
        const action = a.completed('job_cancel');
        return action ? { value: true, reason: `evidence: job_cancel action ${action.id} is COMPLETED.` } : a.cancellationAsked;
      },
      // A job moved earlier is a fact (factTags); asking for an earlier slot than the one offered is the caller's word.
      sooner_slot: () => a.excusedTag('sooner_slot'),
      appointment_confirmed: () => actionOr('confirm_appointment', 'appointment_confirmed', 'the caller confirmed an appointment'),
      language_issue: () => a.languageIssue,
      do_not_service: () => a.doNotService,
    };
    return flags(UNBOOKED_TAGS, (t) => verdicts[t]()) as ReturnType<Answer<'tags_unbooked'>>;
  },

  tags_outbound_text: (input) => {
    const a = analyse(input);
    const labels = {
      no_thanks: 'declined',
      different_service: 'asked for a different service',
      do_not_contact: 'asked not to be contacted',
      follow_up: 'will follow up later',
    } as const;
    return flags(OUTBOUND_TEXT_TAGS, (t) => a.signal(t, labels[t])) as ReturnType<Answer<'tags_outbound_text'>>;
  },

  tags_outbound_call: (input) => {
    const a = analyse(input);
    const estimate = (status: 'sold' | 'unsold', signal: 'estimate_accepted' | 'estimate_declined', label: string): Verdict => {
      const marked = (st: string) => input.facts.actions.find((x) => x.type === 'update_estimate' && x.status === 'COMPLETED' && x.payload.status === st);
      const action = marked(status);
      if (action) return { value: true, reason: `evidence: update_estimate action ${action.id} marked it ${status}.` };
      // The estimate's recorded outcome outweighs a word that suggests the other ("we're going with them").
      const other = marked(status === 'sold' ? 'unsold' : 'sold');
      if (other) return { value: false, reason: `evidence: update_estimate action ${other.id} marked it ${other.payload.status}.` };
      return a.signal(signal, label);
    };
    const verdicts: Record<(typeof OUTBOUND_CALL_TAGS)[number], () => Verdict> = {
      // On a reminder of an existing appointment "I don't need it anymore" is a cancellation, not an offer declined.
      not_interested: () =>
        input.agentType === 'APPOINTMENT_REMINDER_AGENT' || EXISTING_APPOINTMENT_ACTIONS.some((t) => a.completed(t))
          ? { value: false, reason: 'a call about an existing appointment, not an offer.' }
          : a.signal('not_interested', 'the person called is not interested'),
      agreed_to_review: () => a.signal('agreed_to_review', 'the person agreed to leave a review'),
      positive: () => a.signal('positive', 'the person was pleased'),
      negative: () => a.signal('negative', 'the person was unhappy'),
      estimate_accepted: () => estimate('sold', 'estimate_accepted', 'the person accepted the estimate'),
      estimate_declined: () => estimate('unsold', 'estimate_declined', 'the person declined the estimate'),
      different_service: () => a.signal('different_service', 'the person wants a different service'),
      do_not_call: () => a.signal('do_not_call', 'the person asked not to be called again'),
      no_thanks: () => a.signal('no_thanks', 'the person declined politely'),
      do_not_contact: () => a.signal('do_not_contact', 'the person asked not to be contacted again'),
      follow_up: () => a.excusedTag('follow_up'),
      message_left: () => a.messageLeft,
    };
    return flags(OUTBOUND_CALL_TAGS, (t) => verdicts[t]()) as ReturnType<Answer<'tags_outbound_call'>>;
  },

  crm_tags: (input) => {
    const a = analyse(input);
    const text = a.view.customer.map((l) => l.message).join(' ');
    const words = new Set(keywords(text));
    const tags = input.availableTags.flatMap((tag) => {
      const wanted = keywords(tag.name);
      const hits = wanted.filter((w) => words.has(w));
      return wanted.length > 0 && hits.length * 2 >= wanted.length
        ? [{ name: tag.name, reason: `the caller used ${hits.map((h) => `"${h}"`).join(', ')}, words of the tag name.` }]
        : [];
    });
    if (tags.length === 0 && input.defaultTag)
      return { tags: [{ name: input.defaultTag, reason: 'no tag name matched the transcript; the default tag applies.' }] };
    return { tags };
  },

  filtered_actions: (input) => {
    const seen = new Set<string>();
    return {
      actions: input.facts.actions.map((action) => {
        if (action.status === 'DROPPED') return { id: action.id, keep: false, reason: 'the action was dropped.' };
        if (action.status === 'NEW') return { id: action.id, keep: false, reason: 'the action never completed.' };
        const key = `${action.type}:${JSON.stringify(action.payload, Object.keys(action.payload).sort())}`;
        if (seen.has(key)) return { id: action.id, keep: false, reason: 'it repeats an earlier completed action with the same type and payload.' };
        seen.add(key);
        return { id: action.id, keep: true, reason: 'a completed action.' };
      }),
    };
  },

  chat_summary_booked: (input) => ({ summary: [{ title: 'Summary', content: ['Chat that ended in a booking.', ...summaryLines(analyse(input))] }] }),

  tags_to_insights: (input) => {
    const total = input.interactions.length;
    const pct = (n: number) => `${Math.round((n / total) * 100)}%`;
    const types = new Map<string, number>();
    const tags = new Map<string, number>();
    for (const i of input.interactions) {
      const type = i.callType ?? 'unclassified';
      types.set(type, (types.get(type) ?? 0) + 1);
      for (const t of i.tags) tags.set(t, (tags.get(t) ?? 0) + 1);
    }
    const topTypes = [...types].sort((x, y) => y[1] - x[1]).map(([t, n]) => `${t} ${n} (${pct(n)})`);
    const topTags = [...tags].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).slice(0, 3);
    return {
      findings: [
        `${total} interaction${total === 1 ? '' : 's'}: ${topTypes.join(', ')}.`,
        ...topTags.map(([t, n]) => `${t} was tagged on ${n} of ${total} interactions (${pct(n)}).`),
        ...(topTags.length === 0 ? ['No interaction carried a tag.'] : []),
      ],
    };
  },

  agent_script_variables: (input) => extractScriptVariables(input),

  job_type_description: (input) => {
    const trade = input.jobType.trade ?? 'home-service';
    return {
      description: `${input.jobType.name}${input.jobType.businessUnitName ? ` (${input.jobType.businessUnitName})` : ''}: ${articleFor(trade)} ${trade} job type. Written from the job type's name only; review it before the agent relies on it.`,
    };
  },

  address_validation: (input) => {
    const address = analyse(input).address;
    if (!address) return { formattedAddress: null, street: null, city: null, state: null, zip: null, country: null };
    const parts = splitAddress(address.text);
    const tz = input.org.timezone ?? '';
    const country = parts.zip && /^[A-Z]\d[A-Z]$/.test(parts.zip) ? 'CA' : tz.startsWith('Canada/') ? 'CA' : tz.startsWith('Australia/') ? 'AU' : 'US';
    return { ...parts, country };
  },

  address_validation_with_candidates: (input) => {
    const number = /^\s*(\d+)/.exec(input.spokenAddress)?.[1];
    const street = keywords(input.spokenAddress.replace(/^\s*\d+/, '').split(',')[0])[0];
    const matches = input.candidates.filter(
      (c) =>
        number !== undefined &&
        street !== undefined &&
        new RegExp(`^\\s*${number}\\b`).test(c.formattedAddress) &&
        keywords(c.formattedAddress).includes(street),
    );
    return matches.length === 1
      ? { matched_place_id: matches[0].placeId, reason: `street number ${number} and street "${street}" match "${matches[0].formattedAddress}".` }
      : {
          matched_place_id: null,
          reason:
            matches.length > 1 ? `${matches.length} candidates match street number and name.` : 'no candidate has the same street number and street name.',
        };
  },

  call_scorer: (input) => {
    const a = analyse(input);
    const out = Object.fromEntries(CALL_SCORER_FLAGS.map((f) => [f, scorerFlag(a, f)])) as Record<CallScorerFlag, { value: boolean; reasoning: string }>;
    const raised = CALL_SCORER_FLAGS.filter((f) => out[f].value);
    return {
      ...out,
      standout_summary: `${a.booked.length > 0 ? 'Booked' : 'Not booked'}; ${raised.length > 0 ? `flags raised by the rules: ${raised.join(', ')}.` : 'no flag was raised by the rules.'}`,
    };
  },

  qa_call_scorer: (input) => {
    const a = analyse(input);
    return {
      flags: input.scoreMetrics.map((m) => {
        const { value, reasoning } = qaMetric(a, m);
        return { name: m.name, value, reasoning };
      }),
    };
  },

  reclassify_unbooked_to_excused: (input) => {
    const a = analyse(input);
    const tags = a.excusedTags();
    const type = a.callType;
    const excused = type.value === 'Excused';
    return {
      ...(flags(EXCUSED_TAGS, (t) => (excused ? tags[t] : { value: false, reason: tags[t].reason })) as ReturnType<Answer<'tags_excused'>>),
      reclassified_to_excused: excused,
      reclassified_to_excused_reason: excused ? type.reason : `it stays UNBOOKED: ${type.reason}`,
    };
  },

  cancel_job_reason: (input) => {
    const a = analyse(input);
    const said = a.phrase('cancellation');
    if (!said) return { reason_id: null, cancellation_note: 'No cancellation request was recognised in the transcript.' };
    const after = a.view.customer
      .filter((l) => l.seconds >= said.line.seconds)
      .map((l) => l.message)
      .join(' ');
    const expanded = CANCEL_SYNONYMS.filter(([p]) => p.test(after))
      .map(([, w]) => w)
      .join(' ');
    const pick = bestKeywordMatch(
      `${after} ${expanded}`.replace(/\bcancel\w*/gi, ''),
      input.cancelReasons.map((r) => r.name),
    );
    return {
      reason_id: pick === null ? null : input.cancelReasons[pick].id,
      cancellation_note: `The caller cancelled at ${said.line.timestamp}: "${shorten(said.line.message, 25)}"`,
    };
  },

  reschedule_params: (input) => {
    const action = [...input.facts.actions].reverse().find((x) => x.type === 'job_reschedule' && x.status !== 'DROPPED');
    const original = action?.payload.original_appointment_time;
    const next = action?.payload.new_appointment_time;
    const none = { id: null, startTime: null, endTime: null };
    if (typeof original !== 'string' || typeof next !== 'string') return none;
    const appointment = input.appointments.find((ap) => sameInstant(ap.startTime, original));
    if (!appointment || Number.isNaN(instant(next))) return none;
    const length = instant(appointment.endTime) - instant(appointment.startTime);
    return { id: appointment.id, startTime: next, endTime: addMs(next, length > 0 ? length : 2 * 3600_000) };
  },

  call_reason: (input) => callReasonAnswer(input),
  qa_call_reason: (input) => callReasonAnswer(input),

  guardrail: (input) => {
    const blocked = [
      /\bignore (?:all |any |the |your )?(?:previous|prior|above|earlier) (?:instructions|prompts?|rules)\b/i,
      /\b(?:reveal|show|print|repeat|tell me) (?:me )?(?:your|the) (?:system )?(?:prompt|instructions)\b/i,
      /\bsystem prompt\b/i,
      /\byou are now\b/i,
      /\b(?:developer|dan|jailbreak) mode\b/i,
      /\bpretend (?:to be|you are)\b/i,
      /\b(?:other|another) customer'?s? (?:address|phone|information|details|data)\b/i,
      /\b(?:kill|hurt|shoot) (?:you|someone|the tech(?:nician)?)\b/i,
    ];
    const hit = blocked.map((p) => p.exec(input.message)).find(Boolean);
    return hit
      ? { allow: false, allow_reasoning: `the message tries to steer or misuse the agent: "${hit[0]}".` }
      : { allow: true, allow_reasoning: 'no instruction override, prompt extraction, abuse or data-fishing phrase was recognised.' };
  },

  speakers: (input) => {
    const labels = [...new Set(input.lines.map((l) => l.speaker))];
    const textOf = (label: string) =>
      input.lines
        .filter((l) => l.speaker === label)
        .map((l) => l.message)
        .join(' ');
    const ivr = [
      /\bpress (?:one|two|three|\d)\b/i,
      /\bthis call may be (?:recorded|monitored)\b/i,
      /\byour call is important\b/i,
      /\bafter the (?:tone|beep)\b/i,
      /\bpara (?:español|espanol)\b/i,
    ];
    // Opening lines of a business answering its phone weigh more than "this is X from Y", which callers say too.
    const agentCues: [RegExp, number][] = [
      [/\bthanks? (?:you )?for calling\b/i, 2],
      [/\bhow (?:can|may) I help\b/i, 2],
      [/\bthis is \w+ (?:from|with)\b/i, 1],
      [/\bcalling from\b/i, 1],
    ];
    const roles = new Map<string, 'Agent' | 'Customer' | 'Unknown' | 'IVR'>();
    for (const label of labels) if (ivr.some((p) => p.test(textOf(label)))) roles.set(label, 'IVR');
    const scores = labels
      .filter((l) => !roles.has(l))
      .map((label) => ({ label, score: agentCues.reduce((n, [p, w]) => n + (p.test(textOf(label)) ? w : 0), 0) }))
      .sort((x, y) => y.score - x.score);
    if (scores.length > 0 && scores[0].score > 0 && scores[0].score > (scores[1]?.score ?? 0)) roles.set(scores[0].label, 'Agent');
    const rest = labels.filter((l) => !roles.has(l));
    const hasAgent = [...roles.values()].includes('Agent');
    for (const label of rest) roles.set(label, hasAgent && rest.length === 1 ? 'Customer' : 'Unknown');
    return { speakers: labels.map((label) => ({ label, role: roles.get(label)! })) };
  },

  qa_lead: (input) => ({ is_lead: analyse(input).isLead.value }),

  opportunity_estimator: (input) => {
    const a = analyse(input);
    const request = `${a.serviceRequest?.line.message ?? ''} ${a.trade?.trade ?? ''}`;
    const pick = a.isLead.value
      ? bestKeywordMatch(
          request,
          input.jobTypes.map((t) => t.name),
        )
      : null;
    if (pick === null) return { job_type: null, estimates: [], average_estimate: null };
    const jobType = input.jobTypes[pick].name;
    const history = input.priceHistory.filter((p) => p.jobType === jobType).map((p) => p.amount);
    const estimates = history.length > 0 ? history : input.avgJobRevenue !== null ? [input.avgJobRevenue] : [];
    const average = estimates.length > 0 ? Math.round((estimates.reduce((x, y) => x + y, 0) / estimates.length) * 100) / 100 : null;
    return { job_type: jobType, estimates, average_estimate: average };
  },

  widget_steps_details: (input) => {
    const a = analyse(input);
    const events = new Set(input.facts.events);
    const phone = a.view.customer.find((l) => findPhone(l.message));
    const address = a.address;
    const booking = input.facts.actions.find((x) => x.type === 'job_booking' || x.type === 'create_booking');
    const steps = {
      PHONE_LOOKUP: events.has('get_jobs')
        ? { reached: true, details: 'a get_jobs lookup was recorded.' }
        : phone
          ? { reached: true, details: `the customer gave a phone number at ${phone.timestamp}.` }
          : { reached: false, details: 'no phone lookup or phone number.' },
      NEW_ADDRESS: address
        ? { reached: true, details: `address given at ${address.line.timestamp}: ${address.text}.` }
        : { reached: false, details: 'no address was given.' },
      SCHEDULE_LOOKUP:
        events.has('get_capacity') || events.has('get_capacity_error')
          ? { reached: true, details: `availability was checked${events.has('get_capacity_error') ? ' and the check failed' : ''}.` }
          : { reached: false, details: 'no availability check was recorded.' },
      CREATE_BOOKING: booking
        ? { reached: true, details: `${booking.type} action ${booking.id} is ${booking.status}.` }
        : { reached: false, details: 'no booking action was created.' },
    };
    return { steps: CHAT_STAGES.map((stage) => ({ stage, reached: steps[stage].reached, details: steps[stage].details })) };
  },

  missing_job_create_action: (input) => {
    const a = analyse(input);
    const said = a.phrase('booked_confirmation');
    const action = input.facts.actions.find((x) => x.type === 'job_booking' || x.type === 'create_booking');
    if (action) return { missing: false, reason: `booking action ${action.id} exists (${action.status}).` };
    return said
      ? { missing: true, reason: `the agent said it was booked, ${cite(said)}, but no booking action exists.` }
      : { missing: false, reason: 'the agent never said the customer was booked.' };
  },

  customer_intent_predictor: (input) => {
    const { bucket, evidence } = intentOf(analyse(input));
    return {
      bucket,
      intent: evidence ? `${bucket.replace(/_/g, ' ')}: "${shorten(evidence.line.message, 15)}" (${evidence.line.timestamp}).` : 'no intent was recognised.',
    };
  },

  log_line: (input) => {
    const a = analyse(input);
    const { bucket } = intentOf(a);
    const who = a.name?.text ?? 'Caller';
    const about = a.trade?.trade ?? bucket.replace(/_/g, ' ');
    const outcome = a.booked.length > 0 ? 'booked' : a.reachedVoicemail.value ? 'reached voicemail' : a.callType.value.toLowerCase();
    return { bucket, log_line: `${who}, ${about}: ${outcome}.` };
  },

  reached_voicemail: (input) => ({ reached_voicemail: analyse(input).reachedVoicemail.value }),

  qa_call_coach: (input) => {
    const a = analyse(input);
    const results = input.scoreMetrics.map((m) => ({ metric: m.name, ...qaMetric(a, m) }));
    const point = (r: (typeof results)[number]) => ({ metric: r.metric, timestamp: r.at, feedback: r.reasoning.join(' ') });
    const strengths = results.filter((r) => r.value === true).map(point);
    const improvements = results.filter((r) => r.value === false).map(point);
    return {
      strengths,
      improvements,
      summary_remark: `${strengths.length} strength${strengths.length === 1 ? '' : 's'} and ${improvements.length} improvement${improvements.length === 1 ? '' : 's'} found by keyword rules; ${results.filter((r) => r.value === null).length} metrics need a language model or did not come up.`,
    };
  },

  email_to_lead_extraction: (input) => {
    const body = input.body;
    const noReply = /\b(?:no-?reply|do-?not-?reply|notifications?|leads?@)/i.test(input.from);
    const name = labelled(body, 'name|customer name|full name|contact name') ?? /\bmy name is ([A-Z][a-z]+(?: [A-Z][a-z'-]+){0,2})/.exec(body)?.[1] ?? null;
    const phoneText = labelled(body, 'phone|phone number|mobile|cell|tel') ?? body;
    const emailText = labelled(body, 'e-?mail|email address') ?? body;
    const address = labelled(body, 'address|service address|location|property address');
    const service = labelled(body, 'service|service requested|services requested|job type|request|category|project');
    return {
      name,
      phone: findPhone(phoneText),
      email: findEmail(emailText) ?? (noReply ? null : findEmail(input.from)),
      address,
      service_requested: service,
    };
  },

  csr_assistant_reply: answerCsrQuestion,
};

function callReasonAnswer(input: z.output<AiTaskByName<'call_reason'>['inputSchema']>): z.output<AiTaskByName<'call_reason'>['outputSchema']> {
  const a = analyse(input);
  const names = input.callReasons.map((r) => r.name);
  const special: [Evidence | null, RegExp][] = [
    [a.spam.value ? a.phrase('spam') : null, /spam|solicit|sales call/i],
    [a.phrase('cancellation'), /cancel/i],
    [a.phrase('reschedule'), /reschedul/i],
  ];
  for (const [evidence, pattern] of special) {
    const index = evidence ? names.findIndex((n) => pattern.test(n)) : -1;
    if (evidence && index >= 0) {
      return { call_reason_id: input.callReasons[index].id, call_reason_name: names[index], reason: `${cite(evidence)} fits "${names[index]}".` };
    }
  }
  const request = a.serviceRequest;
  const text = `${a.view.customer.map((l) => l.message).join(' ')} ${a.trade?.trade ?? ''}`;
  const pick = bestKeywordMatch(text, names);
  if (pick === null) return { call_reason_id: null, call_reason_name: null, reason: 'no call reason shares words with what the caller said.' };
  return {
    call_reason_id: input.callReasons[pick].id,
    call_reason_name: names[pick],
    reason: `"${names[pick]}" shares words with the caller's request${request ? ` at ${request.line.timestamp}` : ''}.`,
  };
}

export function isOfflineAnswerable(name: string): name is AiTaskName {
  return Object.prototype.hasOwnProperty.call(OFFLINE_ANSWERS, name);
}

/** "an Electrical", "an HVAC" (an initialism read letter by letter), "a Plumbing". */
export function articleFor(word: string): 'a' | 'an' {
  if (/^[A-Z]{2,}\b/.test(word)) return 'AEFHILMNORSX'.includes(word[0]) ? 'an' : 'a';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
