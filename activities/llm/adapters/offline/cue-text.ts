// Text normalisation for the offline classifier: the same steps run on the cue lexicon and on what was
// said, so "didn't", "did not" and "didnt" meet, and "leaking", "leaks" and "leaked" share one stem.

const CONTRACTIONS: [RegExp, string][] = [
  [/\bwon'?t\b/g, 'will not'],
  [/\bcan'?t\b/g, 'can not'],
  [/\bcannot\b/g, 'can not'],
  [/\bshan'?t\b/g, 'shall not'],
  [/\bain'?t\b/g, 'is not'],
  [/\b(do|does|did|is|are|was|were|have|has|had|would|should|could|must|need)n'?t\b/g, '$1 not'],
  [/\bi'?m\b/g, 'i am'],
  [/\b(you|we|they)'re\b/g, '$1 are'],
  [/\b(i|you|we|they|he|she|it|that|there)'ll\b/g, '$1 will'],
  [/\b(i|you|we|they|would|should|could|might|must)'ve\b/g, '$1 have'],
  [/\b(i|you|we|they|he|she)'d\b/g, '$1 would'],
  [/\blet's\b/g, 'let us'],
  [/\b(it|that|what|there|here|he|she|who|where|how)'s\b/g, '$1 is'],
  [/\bgonna\b/g, 'going to'],
  [/\bwanna\b/g, 'want to'],
  [/\bgotta\b/g, 'got to'],
  [/\by'?all\b/g, 'you all'],
];

// Speech-to-text often drops the apostrophe; these spellings are not English words on their own.
const BARE_CONTRACTIONS: Record<string, string> = {
  dont: 'do not',
  doesnt: 'does not',
  didnt: 'did not',
  isnt: 'is not',
  arent: 'are not',
  wasnt: 'was not',
  werent: 'were not',
  havent: 'have not',
  hasnt: 'has not',
  wouldnt: 'would not',
  couldnt: 'could not',
  shouldnt: 'should not',
  cant: 'can not',
  wont: 'will not',
  im: 'i am',
  ive: 'i have',
  youre: 'you are',
  theyre: 'they are',
  thats: 'that is',
  whats: 'what is',
  // "ill" for "I'll": in a phone call about a job, far likelier than the adjective.
  ill: 'i will',
  youll: 'you will',
  theyll: 'they will',
  lemme: 'let me',
  gimme: 'give me',
};

/** Lowercase, accents folded, contractions expanded, numbers and money kept as tokens. */
export function normalise(text: string): string {
  let t = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[¿¡]/g, ' ')
    // Polish ł has no accent to fold; Arabic short vowels and tatweel are marks, not letters.
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    // Chinese, Japanese and Arabic punctuation ends clauses and sentences as the Latin marks do.
    .replace(/[，、،]/g, ',')
    .replace(/[。．…]/g, '.')
    .replace(/[？؟]/g, '?')
    .replace(/！/g, '!')
    .replace(/；/g, ';')
    .replace(/：/g, ':');
  for (const [pattern, replacement] of CONTRACTIONS) t = t.replace(pattern, replacement);
  t = t.replace(/\$\s?\d[\d,.]*/g, ' money ');
  t = t.replace(/\b[a-z]+\b/g, (w) => BARE_CONTRACTIONS[w] ?? w);
  // Possessive 's and any apostrophe left are dropped; a/c and e-mail become one word.
  return t
    .replace(/'s\b/g, '')
    .replace(/\ba\/c\b/g, 'ac')
    .replace(/'/g, '');
}

/** Words whose stem would be another language's word: "sure" stemmed to "sur" met French "sur" ("sur le toit", "sur ma facture"). */
const KEPT_WHOLE = new Set(['sure']);

/** Han, kana and hangul: the scripts written without spaces between words (a character class's body). */
export const CJK_CHARS = '\\u3040-\\u30ff\\u3400-\\u9fff\\uac00-\\ud7af';

/** What a token drops: anything but Latin letters and digits as normalised, Arabic and the scripts above. */
const NOT_A_WORD_CHAR = new RegExp(`[^a-z0-9ñ/\\u0600-\\u06ff${CJK_CHARS}-]`, 'g');

/** A light suffix stripper (plurals, -ing, -ed, final e); enough for a cue to meet its inflections. */
export function stem(word: string): string {
  let w = word;
  // Arabic writes the article and a preposition onto the word ("بالمطبخ", "الكهربا"): the stem is the word without them.
  if (/^[\u0600-\u06ff]/.test(w)) return w.length > 4 ? w.replace(/^(?:وال|بال|فال|كال|لل|ال)/, '') : w;
  if (w.length <= 3 || KEPT_WHOLE.has(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|us|is)$/.test(w)) w = w;
  else if (/(?:sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|ff|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

export interface Token {
  stem: string;
  /** The normalised word before stemming, to quote. */
  word: string;
  /** Index of the clause the token sits in: punctuation and "but" start a new clause. */
  clause: number;
  /** Whether the token's sentence ends in a question mark. */
  question?: boolean;
}

const CLAUSE_BREAK = new Set(['but', 'pero', 'although', 'though', 'because', 'porque']);

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let clause = 0;
  let sentenceStart = 0;
  for (const piece of normalise(text).split(/([.,;:!?]+|\s+)/)) {
    if (!piece || /^\s+$/.test(piece)) continue;
    if (/^[.,;:!?]+$/.test(piece)) {
      if (piece.includes('?')) for (const t of tokens.slice(sentenceStart)) t.question = true;
      if (/[.!?]/.test(piece)) sentenceStart = tokens.length;
      clause += 1;
      continue;
    }
    const word = piece.replace(NOT_A_WORD_CHAR, '');
    if (!word) continue;
    if (CLAUSE_BREAK.has(word)) clause += 1;
    for (const part of word.split(/[/-]/).filter(Boolean)) {
      // Han, kana and hangul are written without spaces: each character is a token, so a cue written in them
      // ("不需要", "发票") meets the characters in sequence wherever it stands in the run.
      for (const unit of part.split(CJK_RUN).filter(Boolean)) {
        if (CJK.test(unit)) for (const ch of unit) tokens.push({ stem: ch, word: ch, clause });
        else tokens.push({ stem: stem(unit), word: unit, clause });
      }
    }
  }
  return answeredNoSplit(tokens);
}

/** Words that open a sentence of their own: a subject, or a word a speaker starts a new thought with. */
const SENTENCE_OPENERS = new Set(
  [
    'i',
    'we',
    'it',
    'its',
    'that',
    'you',
    'sorry',
    'disculpe',
    'perdon',
    'desculpe',
    'he',
    'she',
    'they',
    'my',
    'our',
    'yo',
    'mejor',
    'fijese',
    'mire',
    'pues',
    'ya',
    'eu',
    'nos',
    'ja',
    'olha',
    'primero',
    'primeiro',
  ].map(stem),
);
const ANSWER_NO = new Set(['no', 'nah', 'nope', 'nao']);

/**
 * Speech-to-text drops the comma of an answer: in "no i'll have my husband look at it first" or "no fíjese que mejor
 * lo revisa mi esposo", the "no" answers the agent and negates nothing after it. A clause's first word "no" followed
 * by a word that opens a sentence of its own (a subject, "mire", "mejor") stands alone, as if a comma followed it.
 */
function answeredNoSplit(tokens: Token[]): Token[] {
  let shift = 0;
  return tokens.map((t, i) => {
    const moved = { ...t, clause: t.clause + shift };
    const opensClause = i === 0 || tokens[i - 1].clause !== t.clause;
    const next = tokens[i + 1];
    if (opensClause && ANSWER_NO.has(t.stem) && next && next.clause === t.clause && SENTENCE_OPENERS.has(next.stem)) shift += 1;
    return moved;
  });
}

/**
 * Negators, as stems: tokens and cue parts are compared by stem, and "nothing" and "none" stem to "noth" and "non",
 * so a set of the bare words never met them ("none of that works" went unnegated). French "non" shares the stem.
 */
export const NEGATORS = new Set(
  [
    'not',
    'no',
    'never',
    'nothing',
    'none',
    'nobody',
    'neither',
    'nor',
    'without',
    'nunca',
    'nada',
    'ninguno',
    'ninguna',
    'nenhum',
    'nenhuma',
    'aucun',
    'aucune',
    'nie',
    'hindi',
    'مش',
    'لا',
    // Chinese negators, each a character token of its own.
    '不',
    '没',
    '別',
    '别',
    '冇',
    '唔',
  ].map(stem),
);
/** How many words before a cue a negator still reaches. */
export const NEGATION_SCOPE = 4;

/** Whether a negator stands within NEGATION_SCOPE words before index `at`, in the same clause. */
export function negatedAt(tokens: readonly Token[], at: number): Token | null {
  if (at < tokens.length && newSubject(tokens, at)) return null;
  for (let i = at - 1; i >= 0 && i >= at - NEGATION_SCOPE; i--) {
    if (tokens[i].clause !== tokens[at].clause) return null;
    if (newSubject(tokens, i)) return null;
    // A double negative ("you don't got nothing sooner?") is one negation: the clause's first negator decides.
    // "可不可以", "可唔可以": a verb said, negated and said again asks a question and negates nothing.
    if (NEGATORS.has(tokens[i].stem) && CJK.test(tokens[i].stem) && i > 0 && tokens[i - 1].stem === tokens[i + 1]?.stem) continue;
    if (NEGATORS.has(tokens[i].stem)) return negativeQuestion(tokens, firstNegatorOfClause(tokens, i)) ? null : tokens[i];
  }
  return null;
}

// Subjects, and the imperatives a speaker opens a new statement with ("a ver déjeme revisar", "let me try").
const SUBJECTS = new Set(['i', 'we', 'he', 'she', 'they', 'let', 'dejeme', 'dejame', 'deixa', 'laissez'].map(stem));
/** Words after which a subject still sits under the negation before them: "don't think I need", "not sure we want". */
const CARRIES_NEGATION = new Set(
  ['think', 'guess', 'believe', 'know', 'sure', 'say', 'said', 'mean', 'feel', 'if', 'that', 'so', 'what', 'like', 'where', 'when'].map(stem),
);

/**
 * A subject that starts a new statement after the negated one ends the negation's reach: in "now's not great I'm
 * driving" (speech-to-text drops the full stop) "not" says nothing of "driving". A subject right after the negator, or
 * after a verb of thinking or saying, is still under it.
 */
function newSubject(tokens: readonly Token[], i: number): boolean {
  if (!SUBJECTS.has(tokens[i].stem) || i === 0) return false;
  const before = tokens[i - 1].stem;
  return !NEGATORS.has(before) && !CARRIES_NEGATION.has(before);
}

function firstNegatorOfClause(tokens: readonly Token[], negator: number): number {
  const first = tokens.findIndex((x) => x.clause === tokens[negator].clause && NEGATORS.has(x.stem));
  return first >= 0 && first < negator ? first : negator;
}

const AUXILIARIES = new Set(['do', 'doe', 'did', 'can', 'could', 'is', 'are', 'will', 'would', 'have', 'has']);

/**
 * A question that opens on its negation asks rather than denies: "don't you have anything sooner?",
 * "¿no tienen algo más temprano?", "can't you come today?" want the thing named, not its absence.
 */
function negativeQuestion(tokens: readonly Token[], negator: number): boolean {
  const t = tokens[negator];
  if (!t.question) return false;
  const start = tokens.findIndex((x) => x.clause === t.clause);
  if (negator === start || (negator === start + 1 && AUXILIARIES.has(tokens[start].stem))) return true;
  // A question put as a statement about the one asked ("you don't have anything sooner?", "y'all can't come
  // today?") asks as well: its negation has only "you" (and an auxiliary) before it.
  const before = tokens.slice(start, negator).map((x) => x.stem);
  while (before.length > 0 && QUESTION_OPENERS.has(before[0])) before.shift();
  if (before[0] !== 'you') return false;
  const rest = before.slice(['all', 'guy', 'folk'].includes(before[1] ?? '') ? 2 : 1);
  return rest.length === 0 || (rest.length === 1 && AUXILIARIES.has(rest[0]));
}

/** Words a spoken question may open with before its subject ("so you don't…", "and y'all can't…"). */
const QUESTION_OPENERS = new Set(['so', 'and', 'oh', 'well', 'um', 'uh', 'ok', 'okay', 'wait', 'hmm', 'then']);

// Common words of each language; a line is read as Spanish when its Spanish words clearly outnumber its
// English ones. Enough to tell which language a caller speaks, not to translate.
const SPANISH = new Set(
  'hola el la los las que de y en por favor necesito quiero tengo es esta estoy mi su un una para con se no si gracias habla hablo ingles espanol usted donde cuando casa aire agua porque pero muy bien buenos buenas dias tardes alguien puede ayuda ayudar entiendo nombre direccion habla le lo del al claro gusto tiene puedo como ya hay aqui tambien ahora llamo llamada'.split(
    ' ',
  ),
);
const ENGLISH = new Set(
  [
    'the a an and is are was were i you we my your our us me him her them they he she to of in for on at from up out about it its that this with have has had',
    'need want can could would should will be been do does did not what how why when where who yes no please thanks thank hello hi hey ok okay yeah um uh',
    'sure just so but or like get got know call come house home water heat hot cold broken working help service today tomorrow',
    // Numbers said as words: an address or a phone number read out in English is English.
    'one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty seventy eighty ninety hundred',
    'street avenue road drive lane west east north south',
  ]
    .join(' ')
    .split(' '),
);

// Common French words: a line mostly of these is in another language even when it borrows an English word ("roof").
const FRENCH = new Set(
  'je tu vous il elle nous ils est sont pas ne merci bonjour oui non pour avec une des les mais ma mon mes qui quoi euh parle anglais cherche quelqu suis avez votre notre cest tres aussi demain appeler laissez desole desolee'.split(
    ' ',
  ),
);

// Common Portuguese words shared with neither English nor Spanish function words: a line mostly of these is Iberian, read with the Spanish ones
// (the engine answers Portuguese as it answers Spanish), even when "a", "no" or "de" make it look English.
const PORTUGUESE = new Set(
  (
    'eu voce voces nao obrigado obrigada tenho uma com meu minha isso dos das ao sao tambem agora entao quero preciso entendido marcada marcado amanha ' +
    'cancelada visita feira endereco oi bom boa tudo bem vou vamos tem estou ligar ligando ligo depois mais muito primeiro mesmo alguem pode ja nossa ' +
    'quando chove teto ralo banheiro outras outra consertar tentar pra desculpe errado sim orcamento portao ficou otimo atendem regiao gostaria telhado ' +
    'passado fizeram entupido hoje taxa'
  ).split(' '),
);

function portugueseLike(words: readonly string[]): boolean {
  const pt = words.filter((w) => PORTUGUESE.has(w)).length;
  const en = words.filter((w) => ENGLISH.has(w)).length;
  return pt >= 2 && pt > en;
}

/** Whether a line is mostly French words (two or more, outnumbering the English ones). */
export function frenchLike(text: string): boolean {
  const words = normalise(text)
    .split(/[^a-zñ]+/)
    .filter(Boolean);
  const fr = words.filter((w) => FRENCH.has(w)).length;
  const en = words.filter((w) => ENGLISH.has(w)).length;
  return fr >= 2 && fr > en;
}

/** Han, kana and hangul, or two letters only Vietnamese writes (đ, ơ, ư, a dot or hook below): a language the reader has no words of. */
const CJK = new RegExp(`[${CJK_CHARS}]`);
const CJK_RUN = new RegExp(`([${CJK_CHARS}]+)`);
const VIETNAMESE = /[đơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/gi;

const ARABIC = /[\u0600-\u06ff]/;

/** Whether the line is written in a script or letters English and Spanish never use (Han, kana, hangul, Arabic, Vietnamese). */
export function ownScript(text: string): boolean {
  return CJK.test(text) || ARABIC.test(text) || (text.match(VIETNAMESE) ?? []).length >= 2;
}

/** 'other' is a line of five words or more with no common English or Spanish word (French, say), or one in a script or letters the folding would lose. */
export function languageOf(text: string): 'es' | 'en' | 'other' | 'unknown' {
  if (ownScript(text)) return 'other';
  const words = normalise(text)
    .split(/[^a-zñ]+/)
    .filter(Boolean);
  let es = 0;
  let en = 0;
  for (const w of words) {
    if (SPANISH.has(w)) es += 1;
    if (ENGLISH.has(w)) en += 1;
  }
  if (frenchLike(text)) return 'other';
  if (portugueseLike(words)) return 'es';
  if (es + en === 0) return words.length >= 5 ? 'other' : 'unknown';
  if (es >= 2 && es > en * 1.5) return 'es';
  if (en >= 1 && en >= es) return 'en';
  return 'unknown';
}
