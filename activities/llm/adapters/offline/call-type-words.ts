import { speakerOf } from '../../../../domain/interaction/interaction.schema';
import type { Contribution } from './call-type-model';
import { normalise, stem, tokenise } from './cue-text';
import type { CallAnalysis } from './offline-call-analysis';

/**
 * The call-type model's word features (issue 11 point 7): the words each side said, beside the cues. The cue lexicon
 * misses phrasing its authors never wrote; a word the model learns from many writers may not. A word is its stem after
 * the cue reader's normalisation (lower case, accents folded, contractions expanded), numbers masked (`#`, so phone
 * numbers, addresses and prices say nothing of who said them), as one word (`w:c:leak`) and as a pair of neighbours
 * in one clause (`w:c:call_back`), by speaker (caller `c`, agent `a`), said or not (the vector's length fixed). Training keeps a word only
 * if calls of at least `minSets` training sets say it (`wordVocabulary`), so one writer's phrasing is not learned.
 */
export const WORD_PREFIX = 'w:';

export interface WordOptions {
  /** L2 on the word weights, stronger than the cues': many words, each weak evidence. */
  l2: number;
  /** A word is kept only if calls of this many different training sets say it. */
  minSets: number;
  bigrams: boolean;
  /** Whether the agent's words are read too (the caller's always are). */
  agent: boolean;
}

export const isWordFeature = (feature: string): boolean => feature.startsWith(WORD_PREFIX);

const mask = (stem: string): string => (/\d/.test(stem) ? '#' : stem);

/**
 * A call's word vector has length WORD_NORM, however much was said: a long call's hundred words must not outweigh its
 * cues, and batch gradient descent at the cues' rate stays stable (the common words are in nearly every call).
 */
const WORD_NORM = 2;

/** Every word and neighbour pair each side said, as features (each WORD_NORM / √(how many the call has)). */
export function wordFeatures(a: CallAnalysis): Record<string, number> {
  const f: Record<string, number> = {};
  for (const line of a.view.lines) {
    const speaker = speakerOf(line.role);
    if (speaker !== 'customer' && speaker !== 'agent') continue;
    const who = speaker === 'agent' ? 'a' : 'c';
    const tokens = tokenise(line.message);
    tokens.forEach((t, i) => {
      const word = mask(t.stem);
      f[`${WORD_PREFIX}${who}:${word}`] = 1;
      const next = tokens[i + 1];
      if (next && next.clause === t.clause) f[`${WORD_PREFIX}${who}:${word}_${mask(next.stem)}`] = 1;
    });
  }
  const value = WORD_NORM / Math.sqrt(Math.max(1, Object.keys(f).length));
  for (const name of Object.keys(f)) f[name] = value;
  return f;
}

/** Whether a word feature is of a kind the options keep (the agent's words, pairs). */
export function wordKindKept(feature: string, options: WordOptions): boolean {
  if (!options.agent && feature.startsWith(`${WORD_PREFIX}a:`)) return false;
  return options.bigrams || !feature.slice(WORD_PREFIX.length + 2).includes('_');
}

/** The word features said in calls of at least `minSets` different sets (the training calls only). */
export function wordVocabulary(examples: readonly { set: string; features: Record<string, number> }[], options: WordOptions): Set<string> {
  const sets = new Map<string, Set<string>>();
  for (const e of examples) {
    for (const feature of Object.keys(e.features)) {
      if (!isWordFeature(feature) || !wordKindKept(feature, options)) continue;
      let seen = sets.get(feature);
      if (!seen) sets.set(feature, (seen = new Set()));
      seen.add(e.set);
    }
  }
  return new Set([...sets].filter(([, seen]) => seen.size >= options.minSets).map(([feature]) => feature));
}

/**
 * Words that say nothing to a reader of the reason, whatever their weight: pronouns, articles, auxiliaries,
 * prepositions and conjunctions (English, Spanish, French, Portuguese; Han particles), and the masked number. The
 * model keeps them (an agent's "how can I help" alone is a hang-up's mark), the reason names the words that tell.
 */
const FUNCTION_WORDS = new Set(
  [
    'i me my mine we us our you your he him his she her it its they them their a an the this that these those there here',
    'is am are was were be been being do does did have has had will would shall should can could may might must',
    'to of in on at for from with by about as into over so and or if then than just also too what who how when where',
    'which oh um uh ah ok okay well yes yeah hi hello hey',
    // Spanish, French, Portuguese
    'yo me mi mis tu te usted ustedes el la lo los las le les un una unos unas de del al en con por para que y o es',
    'son esta estoy este eso esa ese se su sus muy hola si bueno pues',
    'je tu il elle nous vous ils elles le la les un une des du de au aux et ou est suis sont ce cette ces ca mon ma',
    'mes ton ta votre vos son sa ses qui que en dans pour avec sur oui bonjour allo',
    'eu voce ele ela eles elas o os um uma uns umas do da dos das na nas em com e sou',
    'estou isso isto meu minha seu sua ola sim',
  ]
    .join(' ')
    .split(' ')
    .filter(Boolean)
    .map(stem)
    .concat(['#', ...'的了我你他她是在吗呢吧啊这那个和就也都']),
);

/** Whether a word feature names only function words (every word of a pair), left out of a reason. */
export function isFunctionWordFeature(feature: string): boolean {
  return feature
    .slice(WORD_PREFIX.length + 2)
    .split('_')
    .every((s) => FUNCTION_WORDS.has(s));
}

/** A word must push the call at least this much (weight less the mean × value) to be named in a reason. */
const CLEAR_CONTRIBUTION = 0.05;

/**
 * The words that pushed the call towards its class, as said ("words: caro, mañana"), or '' when none did clearly. A word
 * is quoted as the speaker wrote it (accents kept); a pair as its two words. Function words are not named.
 */
export function describeWords(a: CallAnalysis, because: readonly Contribution[], n = 3): string {
  const words = because.filter((c) => isWordFeature(c.feature) && c.contribution >= CLEAR_CONTRIBUTION && !isFunctionWordFeature(c.feature)).slice(0, n);
  if (words.length === 0) return '';
  return `; words: ${words.map((c) => said(a, c.feature)).join(', ')}`;
}

function said(a: CallAnalysis, feature: string): string {
  const who = feature.slice(WORD_PREFIX.length, WORD_PREFIX.length + 1);
  const stems = feature.slice(WORD_PREFIX.length + 2).split('_');
  const lines = a.view.lines.filter((l) => (speakerOf(l.role) === 'agent') === (who === 'a'));
  for (const line of lines) {
    const tokens = tokenise(line.message);
    const at = tokens.findIndex((t, i) => stems.every((s, k) => tokens[i + k] && mask(tokens[i + k].stem) === s));
    if (at < 0) continue;
    const quoted = tokens.slice(at, at + stems.length).map((t) => surface(line.message, t.word));
    return `${who === 'a' ? 'agent ' : ''}${quoted.join(' ')}`;
  }
  return stems.join(' ');
}

/** The word of `message` whose normal form is `word` ("mañana" for "manana"), or `word` itself. */
function surface(message: string, word: string): string {
  const found = message.split(/[^\p{L}\p{N}'’-]+/u).find((w) => normalise(w).replace(/[^a-z0-9ñ]/g, '') === word);
  return found ?? word;
}
