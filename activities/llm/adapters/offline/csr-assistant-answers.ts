import { callStatusLabel, formatDuration, tagLabel } from '../../../../domain/contracts/call-labels';
import type { CsrAssistantInput } from '../../ai-tasks/csr-assistant-reply.prompt';

// The offline engine's answers to a CSR's questions about a call: the question's topics are recognised from
// its words, and each is answered from the recorded facts of the call (jobs, actions, classification, tags,
// summary, transcript) and the customer's earlier calls. The same question on the same call gets the same answer.

type Call = CsrAssistantInput['call'];
type Topic = 'greeting' | 'why' | 'booking' | 'history' | 'want' | 'customer' | 'summary' | 'tags' | 'when' | 'next' | 'review';

const TOPICS: [Topic, RegExp][] = [
  ['why', /\bwhy\b|\breasons?\b|\bunbooked\b|\bnot (?:get )?booked\b|\bexcused\b|\bclassif|\bstatus\b/],
  ['booking', /\b(?:book|booked|booking|bookings|appointments?|scheduled?|jobs?|visit|dispatch(?:ed)?)\b/],
  ['history', /\b(?:previous|previously|earlier|before|past|history|last time|other calls?|called (?:us )?(?:before|again)|repeat|returning|first time)\b/],
  ['want', /\b(?:wants?|wanted|needs?|needed|ask(?:ed|ing)? for|request(?:ed)?|problem|issue|calling about|call about|purpose)\b/],
  ['customer', /\b(?:who|name|number|phone|address|lead|contact)\b/],
  ['summary', /\b(?:summar\w*|recap|overview|what happened|gist)\b/],
  ['tags', /\btags?\b|\btagged\b/],
  ['when', /\b(?:when|how long|duration|length|minutes?)\b/],
  ['next', /\b(?:follow[- ]?up|next steps?|what should i|what do i|call (?:them|her|him|the customer) back|callback|to do)\b/],
  ['review', /\b(?:review(?:ed)?|notes?)\b/],
  ['greeting', /^\s*(?:hi|hello|hey|thanks|thank you|ok(?:ay)?|great)\b[\s!.]*$/],
];

const CUSTOMER_ROLE = /^(?:user|customer|caller)$/i;
const REQUEST_CUES =
  /\b(?:need|want|looking|broke|broken|stopped|not working|isn'?t working|leak\w*|nois\w*|repair|install\w*|replace\w*|quote|estimate|schedule|appointment|service|clog\w*|no (?:heat|hot water|power|ac|air))\b/i;
const STOPWORDS = new Set(
  'the a an and or but was were is are did does do what when where which who why how this that they them their there call caller customer about with from for have has had any anything said say mention mentioned tell me please of to in on it at be been'.split(
    ' ',
  ),
);
const BOOKING_ACTIONS = new Set(['job_booking', 'create_booking']);

const quote = (line: { timestamp: string; message: string }) => `(${line.timestamp}) “${line.message.trim()}”`;
const status = (call: Call) => callStatusLabel(call.status);
const humanize = (code: string) => code.replace(/_/g, ' ');

function topicsOf(question: string): Topic[] {
  const q = question.toLowerCase().replace(/[’']/g, "'");
  const found = TOPICS.filter(([, pattern]) => pattern.test(q)).map(([topic]) => topic);
  // "Why wasn't it booked?" is one question: the reason already says what was or was not booked.
  return found.includes('why') ? found.filter((t) => t !== 'booking') : found;
}

function section(call: Call, title: RegExp): string[] {
  return call.summary.filter((s) => title.test(s.title)).flatMap((s) => s.content.filter((l) => l.trim() !== ''));
}

/** What the caller asked for: the customer's first line that sounds like a request, else their first real line. */
function requestLine(call: Call) {
  const said = call.transcript.filter((l) => CUSTOMER_ROLE.test(l.role) && l.message.trim().split(/\s+/).length >= 4);
  return said.find((l) => REQUEST_CUES.test(l.message)) ?? said[0] ?? null;
}

function bookingAnswer(call: Call): string {
  const kept = call.jobs.filter((j) => j.status !== 'CANCELED');
  const appointments = call.actions.filter((a) => BOOKING_ACTIONS.has(a.type) && a.status === 'COMPLETED' && a.appointment).map((a) => a.appointment!);
  const dropped = call.actions.filter((a) => BOOKING_ACTIONS.has(a.type) && a.status === 'DROPPED');
  if (kept.length > 0) {
    const jobs = kept.map((j) => `${j.kind === 'job' ? 'job' : 'booking'} ${j.number ?? j.id} (${j.status.toLowerCase()})`).join(', ');
    return `Yes: ${jobs}${appointments.length > 0 ? `, for ${appointments.join(' and ')}` : ''}.`;
  }
  const canceled = call.jobs.filter((j) => j.status === 'CANCELED');
  if (canceled.length > 0) return `No new booking: the call canceled ${canceled.map((j) => `job ${j.number ?? j.id}`).join(', ')}.`;
  if (dropped.length > 0) {
    const why = dropped.map((a) => a.reason).filter(Boolean);
    return `No. The agent tried to book (${dropped.map((a) => humanize(a.type)).join(', ')}) but it did not go through${why.length > 0 ? `: ${why.join('; ')}` : ''}.`;
  }
  return `No. Nothing was booked on this call (status: ${status(call)}).`;
}

function whyAnswer(call: Call): string {
  const lines = [`It is ${status(call)}: ${call.classificationReason ?? 'no reason was recorded for its classification'}.`.replace(/\.\.$/, '.')];
  const reason = section(call, /reason/i);
  if (reason.length > 0) lines.push(`Summary: ${reason.join(' ')}`);
  if (call.status !== 'BOOKED') {
    const dropped = call.actions.filter((a) => a.status === 'DROPPED' && a.reason);
    if (dropped.length > 0) lines.push(`Dropped: ${dropped.map((a) => `${humanize(a.type)} (${a.reason})`).join('; ')}.`);
    const tagged = call.tags.filter((t) => t.reason).slice(0, 3);
    if (tagged.length > 0) lines.push(`Tags: ${tagged.map((t) => `${tagLabel(t.tag)}: ${t.reason}`).join('; ')}`);
  } else {
    lines.push(bookingAnswer(call));
  }
  return lines.join(' ');
}

function historyAnswer(input: CsrAssistantInput): string {
  const { call, earlierCalls } = input;
  if (!call.customer.number) return "The caller's number is not recorded, so their earlier calls cannot be found.";
  if (earlierCalls.length === 0) return `This is the only call from ${call.customer.number} to ${input.org.name} on record.`;
  const listed = earlierCalls.slice(0, 5).map((c) => `- ${c.startedAt ?? 'unknown time'}: ${callStatusLabel(c.status)}${c.summary ? `, ${c.summary}` : ''}`);
  const more = earlierCalls.length > 5 ? [`…and ${earlierCalls.length - 5} more.`] : [];
  const booked = earlierCalls.filter((c) => c.status === 'BOOKED').length;
  const head = `${earlierCalls.length} other call${earlierCalls.length === 1 ? '' : 's'} from ${call.customer.number}${booked > 0 ? ` (${booked} booked)` : ''}, newest first:`;
  return [head, ...listed, ...more].join('\n');
}

function wantAnswer(call: Call): string {
  const summary = section(call, /^summary$/i)[0] ?? call.summary[0]?.content[0] ?? null;
  const line = requestLine(call);
  if (!summary && !line) return 'The call has no summary or customer words to tell what they wanted.';
  return [summary, line ? `In their words: ${quote(line)}` : null].filter(Boolean).join(' ');
}

function customerAnswer(call: Call): string {
  const c = call.customer;
  const lead = c.isLead === null ? 'not known yet' : c.isLead ? 'yes' : 'no';
  return `Name: ${c.name ?? 'not given'}. Number: ${c.number ?? 'not recorded'}. Address: ${c.address ?? 'not given'}. Lead: ${lead}.`;
}

function summaryAnswer(call: Call): string {
  if (call.summary.length === 0) return wantAnswer(call);
  return call.summary.map((s) => `${s.title}: ${s.content.join(' ')}`).join('\n');
}

function tagsAnswer(call: Call): string {
  if (call.tags.length === 0) return 'The call has no tags.';
  return call.tags.map((t) => `${tagLabel(t.tag)}${t.reason ? `: ${t.reason}` : ''}`).join('\n');
}

function whenAnswer(call: Call): string {
  const length = call.durationSeconds !== null ? ` and lasted ${formatDuration(call.durationSeconds)}` : '';
  const ended = call.endedReason ? ` (ended: ${humanize(call.endedReason)})` : '';
  return `The call started ${call.startedAt ?? 'at a time not recorded'}${length}${ended}.`;
}

function nextAnswer(call: Call): string {
  const number = call.customer.number ? ` at ${call.customer.number}` : '';
  if (call.status === 'BOOKED') return `Nothing is pending: ${bookingAnswer(call).replace(/^Yes: /, '')} Confirm the appointment if the customer calls.`;
  if (['EXCUSED', 'VOICEMAIL', 'NO_ANSWER'].includes(call.status))
    return `No follow-up is required: the call is ${status(call)} (${call.classificationReason ?? 'no reason recorded'}).`;
  const want = section(call, /^summary$/i)[0] ?? requestLine(call)?.message ?? 'their request';
  return `Call ${call.customer.name ?? 'the customer'} back${number}: ${want.replace(/\.$/, '')}. ${whyAnswer(call)}`;
}

function reviewAnswer(call: Call): string {
  return call.reviewNotes ? `Review notes: ${call.reviewNotes}` : 'No review notes have been written for this call.';
}

/** Lines of the transcript that share the question's words, for a question no topic covers. */
function transcriptHits(input: CsrAssistantInput): string | null {
  const words = input.question
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !STOPWORDS.has(w));
  if (words.length === 0) return null;
  const stems = words.map((w) => w.replace(/(?:ing|ed|es|s)$/, '')).filter((s) => s.length >= 3);
  const hits = input.call.transcript.filter((l) => stems.some((s) => l.message.toLowerCase().includes(s))).slice(0, 3);
  if (hits.length === 0) return null;
  return `The transcript mentions it: ${hits.map((l) => `${quote(l)} (${l.role})`).join(' ')}`;
}

const HELP =
  'I answer from this call’s summary, classification, tags, transcript and bookings, and the customer’s earlier calls. Try "What did the customer want?", "Was anything booked?", "Why unbooked?" or "Previous calls?".';

export function answerCsrQuestion(input: CsrAssistantInput): { answer: string } {
  const topics = topicsOf(input.question);
  const call = input.call;
  if (topics.length === 0) {
    const hits = transcriptHits(input);
    return { answer: hits ?? `I could not find that in this call. ${HELP}` };
  }
  if (topics.length === 1 && topics[0] === 'greeting') {
    return { answer: /thank/i.test(input.question) ? 'You’re welcome.' : `Hello! ${HELP}` };
  }
  const answers: Record<Exclude<Topic, 'greeting'>, () => string> = {
    why: () => whyAnswer(call),
    booking: () => bookingAnswer(call),
    history: () => historyAnswer(input),
    want: () => wantAnswer(call),
    customer: () => customerAnswer(call),
    summary: () => summaryAnswer(call),
    tags: () => tagsAnswer(call),
    when: () => whenAnswer(call),
    next: () => nextAnswer(call),
    review: () => reviewAnswer(call),
  };
  const parts = topics.filter((t): t is Exclude<Topic, 'greeting'> => t !== 'greeting').slice(0, 2);
  return { answer: parts.map((t) => answers[t]()).join('\n\n') };
}
