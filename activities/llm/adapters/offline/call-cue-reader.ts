import { speakerOf, type TranscriptLine } from '../../../../domain/interaction/interaction.schema';
import { CONTEXT_CUES, CUE_LEXICON, type CueContext, type CueGroup, type Signal, SIGNALS } from './call-cues.lexicon';
import { frenchLike, languageOf, NEGATORS, negatedAt, normalise, ownScript, stem, tokenise, type Token } from './cue-text';

/** One cue found in one line: what it counts for, and whether a negator turned it. */
export interface CueHit {
  signal: Signal;
  weight: number;
  cue: string;
  /** The words said, normalised ("do not need" for "don't need"). */
  said: string;
  line: TranscriptLine;
  /** The negator that turned the cue from the group's own signal to this one. */
  negatedBy: string | null;
}

/** A caller's refusal right after the agent stated a fee or offered a time: the excuse, when no cue names it. */
export interface Objection {
  to: 'fee' | 'offered_time';
  line: TranscriptLine;
  /** The agent's line it answers. */
  offer: TranscriptLine;
  said: string;
}

export interface CueReading {
  hits: CueHit[];
  objection: Objection | null;
  scores: Record<Signal, number>;
  /** The language most of the caller's lines are in, and whether the agent ever answered in it. */
  callerLanguage: 'es' | 'en' | 'other' | 'unknown';
  agentLanguage: 'es' | 'en' | 'other' | 'unknown';
}

interface CompiledCue {
  group: CueGroup;
  phrase: string;
  parts: (string | '*')[];
  selfNegated: boolean;
}

const GAP = '*';
const MAX_GAP = 2;

function compile(group: CueGroup): CompiledCue[] {
  return group.phrases.map((phrase) => {
    const parts = phrase.split(/\s+/).flatMap((w) => (w === GAP ? [GAP] : tokenise(w).map((t) => t.stem)));
    return { group, phrase, parts, selfNegated: parts.some((p) => NEGATORS.has(p)) };
  });
}

const COMPILED: CompiledCue[] = CUE_LEXICON.flatMap(compile);
// A clock time ("9am", "between 8 and 10", "2:30 p.m.") offers a time whatever words surround it.
const CLOCK_TIME =
  /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\bbetween \d{1,2}(?::\d{2})? and \d{1,2}\b|\b(?:at|after|before|until|till|past|from) (?:\d{1,2}(?::\d{2})?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\b(?! (?:of|point|time|years?|days?|weeks?|months?|minutes?|more|things?|people|dollars?|bucks)\b)|\b(?:a las|despues de las|antes de las) (?:\d{1,2}|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce)\b/i;

const CONTEXTS: Record<CueContext, string[][]> = Object.fromEntries(
  Object.entries(CONTEXT_CUES).map(([k, phrases]) => [k, phrases.map((p) => tokenise(p).map((t) => t.stem))]),
) as Record<CueContext, string[][]>;

/** A cue's word meets a said word when they are equal, or when a long cue stem starts the said one. */
function wordMatches(cue: string, said: string): boolean {
  return cue === said || (cue.length >= 5 && said.startsWith(cue));
}

/** Where the parts from `pi` on end when they start at token `ti` ("*" skips up to two words), or null. */
function matchFrom(tokens: readonly Token[], parts: readonly string[], ti: number, pi: number): number | null {
  if (pi === parts.length) return ti;
  if (parts[pi] === GAP) {
    for (let skip = 0; skip <= MAX_GAP && ti + skip <= tokens.length; skip++) {
      const end = matchFrom(tokens, parts, ti + skip, pi + 1);
      if (end !== null) return end;
    }
    return null;
  }
  return ti < tokens.length && wordMatches(parts[pi], tokens[ti].stem) ? matchFrom(tokens, parts, ti + 1, pi + 1) : null;
}

/** [start, end) of every place the parts occur in the tokens ("*" skips up to two words). */
function findAll(tokens: readonly Token[], parts: readonly string[]): [number, number][] {
  const found: [number, number][] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!wordMatches(parts[0], tokens[i].stem)) continue;
    const end = matchFrom(tokens, parts, i + 1, 1);
    if (end !== null) found.push([i, end]);
  }
  return found;
}

/**
 * The lexicon's cues by their first word, so a line is tried only against the cues that can start in it: a cue starts
 * where its first word equals a said stem or, five letters or longer, begins it (`wordMatches`).
 */
const CUES_BY_FIRST_WORD = new Map<string, number[]>();
/** Cues whose first part is a gap (none today): tried on every line. */
const CUES_ANY_START: number[] = [];
COMPILED.forEach((cue, i) => {
  const first = cue.parts[0];
  if (first === undefined || first === GAP) CUES_ANY_START.push(i);
  else CUES_BY_FIRST_WORD.set(first, [...(CUES_BY_FIRST_WORD.get(first) ?? []), i]);
});

/** The indexes into COMPILED of the cues that may occur in the tokens, in the lexicon's order. */
function candidateCues(tokens: readonly Token[]): number[] {
  const out = new Set<number>(CUES_ANY_START);
  for (const { stem } of tokens) {
    for (const i of CUES_BY_FIRST_WORD.get(stem) ?? []) out.add(i);
    // A first word of five letters or more also meets a longer said stem it begins.
    for (let len = 5; len < stem.length; len++) for (const i of CUES_BY_FIRST_WORD.get(stem.slice(0, len)) ?? []) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}

/** An agent admitting the schedule has no opening (English, Spanish, Portuguese, French). */
const NO_CAPACITY = new RegExp(
  [
    String.raw`\b(?:do ?n['’]?t|do not|don't) have any(?: \w+)? (?:openings?|availability|slots?|appointments?|spots?)`,
    String.raw`\bno (?:openings?|availability|open slots?)\b`,
    String.raw`\b(?:not able to|unable to|can['’]?t|cannot|could ?n['’]?t) (?:find|see|offer)(?: you)? any(?: \w+)? (?:openings?|availability|slots?|appointments?|times?)`,
    String.raw`\b(?:fully|completely) booked\b|\bbooked (?:solid|up)\b`,
    String.raw`\bno (?:tenemos|tengo|hay) (?:disponibilidad|espacio|citas|horarios?|lugar)\b`,
    String.raw`\bn[aã]o (?:temos|tenho|h[aá]) (?:hor[aá]rios?|vagas?|disponibilidade)\b`,
    String.raw`\b(?:aucune|pas de) disponibilit`,
  ].join('|'),
  'i',
);
/** A day, an hour or a span named: "nothing today", "booked until Thursday" still speak of a time. */
const NAMED_TIME =
  /\b(?:today|tonight|tomorrow|this week|next week|weekends?|weekdays?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|until|till|after|before|morning|afternoon|evening|hoy|ma[ñn]ana|semana|hasta|hoje|amanh[aã]|aujourd|demain|semaine)\b|\d/i;

/** The agent saying the schedule has no time at all, naming none: no time was offered, the business could not (an agent-side failure). */
export function noTimeAtAll(message: string): boolean {
  return NO_CAPACITY.test(message) && !NAMED_TIME.test(message);
}

function contains(tokens: readonly Token[], phrases: readonly string[][]): boolean {
  return phrases.some((parts) => findAll(tokens, parts).length > 0);
}

/**
 * Reads every cue of the lexicon in the transcript. Each line is tokenised once; a cue whose group needs
 * a context counts only when the context shows in the same line or the few lines before it (the agent's
 * fee or offered time before "that's too much"), so an objection may sit sentences after what it answers.
 */
export function readCues(lines: readonly TranscriptLine[]): CueReading {
  const spoken = lines.filter((l) => ['customer', 'agent'].includes(speakerOf(l.role)));
  const tokenised = spoken.map((line) => ({ line, who: speakerOf(line.role) as 'customer' | 'agent', tokens: tokenise(line.message) }));
  // An agent saying it has no time at all ("I don't have any openings right now") offers none: "none at all?" refuses nothing.
  const shows = (t: (typeof tokenised)[number], context: CueContext) =>
    (contains(t.tokens, CONTEXTS[context]) || (context === 'offered_time' && CLOCK_TIME.test(t.line.message))) &&
    !(context === 'offered_time' && t.who === 'agent' && noTimeAtAll(t.line.message));
  const hits: CueHit[] = [];
  tokenised.forEach(({ line, who, tokens }, index) => {
    const taken = new Set<string>();
    for (const cueIndex of candidateCues(tokens)) {
      const cue = COMPILED[cueIndex];
      if (cue.group.who !== who) continue;
      const starts = findAll(tokens, cue.parts);
      if (starts.length === 0) continue;
      if (cue.group.needs && !contextShows(cue.group.needs, index)) continue;
      if (cue.group.unlessLineShows && shows(tokenised[index], cue.group.unlessLineShows)) continue;
      const [at, end] = starts[0];
      if (cue.group.notWith && tokens.slice(at, end).some((t) => cue.group.notWith!.includes(t.stem))) continue;
      // "Thanks for calling back" is gratitude, not a promise to call; "if that does not work" is a condition, not a refusal.
      if (thankedFor(tokens, at) || HYPOTHETICAL.has(tokens[at - 1]?.stem ?? '')) continue;
      if (cue.group.notAfter?.includes(tokens[at - 1]?.stem ?? '')) continue;
      if (cue.group.signal === 'agent_requested' && asksWhatTheAgentIs(tokens, at)) continue;
      if (cue.group.pastIsDone && saidInPast(tokens, at)) continue;
      const negator = cue.selfNegated ? null : negatedAt(tokens, at);
      const signal = negator ? cue.group.negated : cue.group.signal;
      if (!signal) continue;
      // A phrase inside a longer phrase of the same signal counts once.
      const key = `${signal}|${at}`;
      if (taken.has(key)) continue;
      taken.add(key);
      const said = tokens
        .slice(at, end)
        .map((t) => t.word)
        .join(' ');
      hits.push({ signal, weight: cue.group.weight, cue: cue.phrase, said, line, negatedBy: negator?.word ?? null });
    }
  });
  addContactHits(tokenised, hits);
  const soonerAsked = new Set(
    tokenised.filter((t, index) => t.who === 'customer' && asksEarlierSlot(t.line.message) && contextShows('offered_time', index)).map((t) => t.line),
  );
  for (const line of soonerAsked) {
    if (!hits.some((h) => h.line === line && h.signal === 'sooner_slot'))
      hits.push(structuralHit('sooner_slot', line, EARLIER.exec(normalise(line.message))?.[0] ?? 'sooner'));
  }
  // A caller who cannot talk now ("estoy en el trabajo, no puedo hablar") puts off the call, not the time offered.
  const busyLines = new Set(hits.filter((h) => h.signal === 'busy_now').map((h) => h.line));
  // Prices asked of other companies ("pidiendo precios en varios lados", "calling around") are shopping, not a price
  // wanted on this call nor a fee refused: an estimate or price cue said inside a price-shopping cue yields to it.
  const shoppingSaid = hits.filter((h) => h.signal === 'price_shopping');
  const insideShopping = (h: CueHit) =>
    (h.signal === 'estimate_on_call' || h.signal === 'price_objection') && shoppingSaid.some((s) => s.line === h.line && s.said.includes(h.said));
  const kept = hits.filter(
    (h) => !askedNotExcused(h, hits) && !insideShopping(h) && !(h.signal === 'timing_issue' && (soonerAsked.has(h.line) || busyLines.has(h.line))),
  );
  hits.length = 0;
  hits.push(...kept);
  const scores = Object.fromEntries(SIGNALS.map((s) => [s, 0])) as Record<Signal, number>;
  for (const hit of hits) scores[hit.signal] += hit.weight;
  const language = (who: 'customer' | 'agent') => {
    const counts = { es: 0, en: 0, other: 0, unknown: 0 };
    // A line the English lexicon understood is not in another language, whatever its function words.
    const understood = new Set(hits.map((h) => h.line));
    for (const t of tokenised) {
      if (t.who !== who) continue;
      const lang = languageOf(t.line.message);
      // Chinese, Arabic or Vietnamese the lexicon understood is still that language.
      counts[lang === 'other' && understood.has(t.line) && !frenchLike(t.line.message) && !ownScript(t.line.message) ? 'en' : lang] += 1;
    }
    if (counts.es > 0 && counts.es >= counts.en) return 'es';
    if (counts.other > 0 && counts.other >= counts.en) return 'other';
    return counts.en > 0 ? 'en' : 'unknown';
  };
  return {
    hits,
    scores,
    objection: lastObjection(),
    callerLanguage: language('customer'),
    agentLanguage: agentAnswered('es') ? 'es' : language('agent'),
  };

  /** The caller's last answer to the agent's last fee or time, if it refuses and accepts nothing. */
  function lastObjection(): Objection | null {
    let found: Objection | null = null;
    tokenised.forEach(({ line, who }, index) => {
      if (who !== 'customer') return;
      // "Anything sooner?" answers an offered time with a request for an earlier one, not a refusal of it.
      if (hits.some((h) => h.line === line && h.signal === 'sooner_slot')) return;
      const offerAt = findLastIndex(tokenised.slice(Math.max(0, index - 3), index), (t) => t.who === 'agent');
      if (offerAt < 0) return;
      const offer = tokenised[Math.max(0, index - 3) + offerAt];
      const to = shows(offer, 'fee') ? 'fee' : shows(offer, 'offered_time') ? 'offered_time' : null;
      if (!to) return;
      // Every caller line since that offer: an objection may take several sentences.
      const answer = tokenised.slice(Math.max(0, index - 3) + offerAt + 1, index + 1).filter((t) => t.who === 'customer');
      // The caller's last word on it decides: "yeah, I don't love that" refuses, "no, Tuesday works" accepts.
      // "Neither works" refuses: an acceptance word under a negator does not accept; "no problem" is no refusal.
      let refuses: Token | null = null;
      let accepts = false;
      for (const t of answer) {
        t.tokens.forEach((w, i) => {
          // Words in an "if" clause state a condition ("I'll call if that doesn't work"): they neither refuse nor accept.
          if (t.tokens.slice(0, i).some((p) => p.clause === w.clause && HYPOTHETICAL.has(p.stem))) return;
          const agreeing = NOT_REFUSING.has(t.tokens[i + 1]?.stem ?? '') && REFUSAL.has(w.stem);
          // "I work all day Friday" is the caller's job, a constraint on the time: "work" accepts only when the offer is its subject.
          const callersJob = w.stem === 'work' && WORKER.has(t.tokens[i - 1]?.stem ?? '');
          if ((ACCEPTANCE.has(w.stem) && !negatedAt(t.tokens, i) && !callersJob) || agreeing) {
            accepts = true;
            refuses = null;
          } else if (REFUSAL.has(w.stem) && !NOT_REFUSING.has(t.tokens[i + 1]?.stem ?? '')) {
            refuses = w;
            accepts = false;
          }
        });
      }
      const refusal = refuses as Token | null;
      found = refusal && !accepts ? { to, line, offer: offer.line, said: refusal.word } : refusal || accepts ? null : found;
    });
    return found;
  }

  function contextShows(context: CueContext, index: number): boolean {
    const from = context === 'estimate' || context === 'feedback_ask' ? 0 : Math.max(0, index - 3);
    // An offered time is one the agent said: the caller naming an hour ("call me after five") offers nothing.
    return tokenised.slice(from, index + 1).some((t) => (context !== 'offered_time' || t.who === 'agent') && shows(t, context));
  }

  function agentAnswered(language: 'es'): boolean {
    return tokenised.some((t) => t.who === 'agent' && languageOf(t.line.message) === language);
  }
}

const HYPOTHETICAL = new Set(['if', 'unless']);
/** Subjects of "work" that make it a job, not "that works". */
const WORKER = new Set(['i', 'we', 'he', 'she', 'they', 'both', 'husband', 'wife']);

// ---- who will call whom: a callback asked for, or the caller who will call again; a person asked for ----
// These read the roles of a sentence, not a list of sayings: a contact verb whose object is the caller ("ring me
// back", "get in touch with me", "márquenme") asks the business for a callback; one whose subject is the caller
// and object the business ("I'll ring you", "I'll follow up with you guys", "le hablo después") is the caller
// putting the decision off (follow_up). An agent's promise to call is no request of the caller's.

const CONTACT_VERB = String.raw`(?:call|ring|phone|buzz|text|reach|contact|get back to|get in touch with|follow up with|hit|touch base with|check back with)`;
/** "call me back", "have someone reach me", "get in touch with me tomorrow", "give me a buzz", "shoot me a call". */
const CALLBACK_TO_CALLER = new RegExp(
  String.raw`\b${CONTACT_VERB} (?:me|us)\b(?! (?:know|see|think|check|a|an|that|those|your|it|what|how|if)\b| the\b(?! (?:second|minute|moment|day|morning|afternoon|evening|next|week)\b))|\b(?:give|shoot|send) (?:me|us) (?:a )?(?:call|ring|buzz|shout|holler|phone call|call back)\b|\b(?:me|nos) (?:pueden|puede|podrian|podria|van a|va a) (?:llamar|marcar|regresar|devolver|hablar)\b|\b(?:llamenme|llameme|marquenme|marqueme|hablenme|llamarme|marcarme)\b|\bme (?:llaman|llama|llamen|llame|marcan|marca|marquen|marque|regresan|regresa|regresen|regrese|devuelven|devuelve|devuelvan|devuelva)\b|\b(?:regresen|devuelvan|regreseme|devuelvame) la llamada\b|\brappelez moi\b|\bme rappeler\b|\bme (?:liga|ligue|ligar|retorna)\b`,
);
const NOT_BEFORE = /\b(?:not|never|no)\b(?:\s+[^\s.?!,;]+){0,2}\s*$/;
/** "I'll ring you back", "we'll give you guys a shout", "let me get back to you", "I'll try him later", "le hablo después". */
const CALLER_WILL_CALL = new RegExp(
  String.raw`\b(?:i|we) (?:will|am going to|are going to|can|shall|might|may|would|could)\s(?:\S+\s){0,2}?(?:(?:call|ring|phone|buzz|text|contact) (?:you|y all|you all|you guys|u|him|her|back|again|later|tomorrow|next|once|when|after|tonight|this|in a)\b|try (?:him|her|you|back)\b|(?:reach out|reach back|get back|get in touch|follow up|circle back|touch base)\b(?! (?:to|with) (?:someone|somebody|another|a different|other)\b)|give (?:you|you all|you guys|your office|y all) (?:a )?(?:call|ring|shout|buzz|holler)\b)|\blet me (?:get back|call you|ring you|reach out)\b|\b(?:le|les) (?:hablo|llamo|marco) (?:despues|mas tarde|luego|manana|otro dia|en la tarde|en la noche)\b|\b(?:vuelvo a llamar|llamo (?:despues|mas tarde|luego|a esa hora|manana|otro dia))\b|\bje (?:vous )?rappell?e\b|\b(?:te|lhe|le) ligo depois\b`,
);
/**
 * A person asked for by what they are rather than by a saying: someone "real", "live" or "actual" ("an actual live
 * person from the company", "one of your real people"), or a person of the company put on the line ("can you put
 * the owner on?", "hablar con el encargado").
 */
const PERSON_ASKED = new RegExp(
  String.raw`\b(?:real|live|actual)\s(?:[a-z]+\s)?(?:person|people|human|humans|body|being)\b|\b(?:put|get) (?:the |your |a )?(?:owner|manager|boss|supervisor|dispatcher|technician|tech|someone|somebody|person|human) on\b|\b(?:hablar|comunicarme|platicar) con (?:el|la) (?:dueno|duena|gerente|encargado|encargada|jefe|jefa|supervisor|supervisora)\b`,
);
/** A question about what the agent is ("is this a real person?", "are you a live agent?") asks for no one. */
const ABOUT_THE_AGENT_OPENING = /^(?:\W*(?:wait|so|um|uh|hey|hi|hello|ok|okay|oh|sorry|yeah|well|hold on)\b)*\W*(?:is (?:this|it|that)|are you|am i)\b/;

/** A word for a time earlier than the one offered. */
const EARLIER = /\b(?:sooner|earlier|before|quicker|faster|antes|mas temprano|plus tot|mais cedo|squeeze (?:us|me|it) in)\b/;
/** A sentence that asks, by its mark or its opening ("any chance…", "could you…", "is there…"). */
const ASKING = /\?|\b(?:any chance|could you|can you|would you|is there|are there|do you have|you have any|hay (?:algo|nada|algun))\b/;

/** Whether a sentence of the line asks for an earlier slot ("is there really nothing before the weekend?", "¿no hay nada antes?"). */
function asksEarlierSlot(message: string): boolean {
  return (normalise(message).match(/[^.?!]*[.?!]*/g) ?? []).some((sentence) => EARLIER.test(sentence) && ASKING.test(sentence));
}

function structuralHit(signal: Signal, line: TranscriptLine, said: string): CueHit {
  return { signal, weight: 3, cue: `(${signal.replace(/_/g, ' ')}: by who calls whom)`, said: said.trim(), line, negatedBy: null };
}

/** The callback and follow-up hits that who-calls-whom shows, where the lexicon did not already hear that signal in the line. */
function addContactHits(lines: readonly { line: TranscriptLine; who: 'customer' | 'agent' }[], hits: CueHit[]): void {
  const has = (line: TranscriptLine, signal: Signal) => hits.some((h) => h.line === line && h.signal === signal);
  for (const { line, who } of lines) {
    const text = normalise(line.message);
    if (who !== 'customer') continue;
    const asked = CALLBACK_TO_CALLER.exec(text);
    if (asked && !NOT_BEFORE.test(text.slice(0, asked.index)) && !has(line, 'callback')) hits.push(structuralHit('callback', line, asked[0]));
    const person = (text.match(/[^.?!]*[.?!]*/g) ?? []).find((sentence) => PERSON_ASKED.test(sentence) && !ABOUT_THE_AGENT_OPENING.test(sentence.trim()));
    if (person && !has(line, 'agent_requested')) hits.push(structuralHit('agent_requested', line, PERSON_ASKED.exec(person)![0]));
    const later = CALLER_WILL_CALL.exec(text);
    if (later && !NOT_BEFORE.test(text.slice(0, later.index)) && !has(line, 'follow_up')) hits.push(structuralHit('follow_up', line, later[0]));
  }
}

/** "Anything sooner?" asks for an earlier slot, so the same question's "sooner" is no refusal of the time offered. */
function askedNotExcused(hit: CueHit, hits: readonly CueHit[]): boolean {
  const sameLine = (signal: Signal) => hits.some((h) => h.line === hit.line && h.signal === signal);
  return hit.signal === 'timing_issue' && sameLine('sooner_slot') && hit.line.message.includes('?');
}

/** Words a speaker opens with that say nothing ("wait, um, is this a person?"). */
const FILLERS = new Set([
  'wait',
  'so',
  'um',
  'uh',
  'uhm',
  'er',
  'hey',
  'hi',
  'hello',
  'ok',
  'okay',
  'oh',
  'sorry',
  'yeah',
  'well',
  'like',
  'hold',
  'on',
  'hmm',
]);

/**
 * "Is this a real person?", "am I talking to a robot?": a question about what the agent is, not a request
 * for someone. The cue's clause opens with "is this / are you / am I / is it / is that".
 */
function asksWhatTheAgentIs(tokens: readonly Token[], at: number): boolean {
  const clause = tokens.filter((t, i) => i <= at && t.clause === tokens[at].clause);
  const words = clause.map((t) => t.stem);
  while (words.length > 2 && FILLERS.has(words[0])) words.shift();
  const [first, second] = words;
  return (first === 'is' && ['thi', 'this', 'it', 'that'].includes(second)) || (first === 'are' && second === 'you') || (first === 'am' && second === 'i');
}
/** A past-tense verb: a regular -ed form or a common irregular one. */
const PAST = /^(?:\w{2,}[^e]ed|thought|spoke|told|went|got|made|took|said)$/;

/** The cue's first word, or a verb up to three words before it in its clause, is in the past tense ("we discussed it with my wife"). */
function saidInPast(tokens: readonly Token[], at: number): boolean {
  for (let i = at; i >= 0 && i >= at - 3; i--) {
    if (tokens[i].clause !== tokens[at].clause) return false;
    if (PAST.test(tokens[i].word)) return true;
  }
  return false;
}

/** After "no" these words agree ("no problem", "no worries"): the pair accepts. */
const NOT_REFUSING = new Set(['problem', 'worri', 'worry', 'doubt', 'rush']);
const THANKS = new Set(['thank', 'thanks', 'sorry', 'appreciat', 'gracia']);

/** Whether "thanks for" / "sorry for" stands right before the cue. */
function thankedFor(tokens: readonly Token[], at: number): boolean {
  if (at < 2 || tokens[at - 1].stem !== 'for') return false;
  return tokens.slice(Math.max(0, at - 4), at - 1).some((t) => THANKS.has(t.stem));
}

const REFUSAL = new Set([
  'imposibl',
  'not',
  'no',
  'never',
  'neither',
  // "None of that works": a negative quantifier refuses as "neither" does (the stem of "none"; French "non" too).
  'non',
  'nope',
  'nah',
  'too',
  'expensiv',
  'steep',
  'pricey',
  'crazy',
  'ridiculou',
  'forget',
  'pass',
]);
// Compared by stem, so the words are stemmed too ("fine" is "fin").
const ACCEPTANCE = new Set(['ahead', 'yes', 'yeah', 'yep', 'sure', 'ok', 'okay', 'work', 'perfect', 'great', 'fine', 'book', 'si', 'claro', 'sound'].map(stem));

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}

/** The strongest hits of a signal, strongest first (ties keep transcript order). */
export function hitsOf(reading: CueReading, signal: Signal): CueHit[] {
  return reading.hits.filter((h) => h.signal === signal).sort((a, b) => b.weight - a.weight);
}

export function describeHit(hit: CueHit): string {
  const turned = hit.negatedBy ? ` negated by '${hit.negatedBy}'` : '';
  return `'${hit.negatedBy ? `${hit.negatedBy} ` : ''}${hit.said}'${turned} (+${hit.signal} ${hit.weight}, ${hit.line.timestamp})`;
}
