import { SCRIPT_VARIABLES, SCRIPT_VARIABLES_BY_AGENT_TYPE, type ScriptVariable } from '../../../../domain/agents/script-variables';
import type { AgentType } from '../../../../domain/interaction/interaction.schema';

export interface ScriptExtractionInput {
  agentType: AgentType;
  orgName: string;
  agentName: string;
  trades: string[];
  website: { url: string; title: string; text: string };
  currentVariables: Record<string, string | string[]>;
}

type Output = Record<ScriptVariable, string | string[] | null>;

/** Trade words a contractor's site uses, per trade of the spec (000 §3 trades). */
const TRADE_WORDS: [string, RegExp][] = [
  ['HVAC', /\b(?:hvac|air condition\w*|a\/c|ac repair|furnace\w*|heat pumps?|heating|cooling|ductwork|ducts?)\b/i],
  ['Plumbing', /\b(?:plumb\w*|water heaters?|leaks?|pipes?|faucets?|toilets?|sump pumps?)\b/i],
  ['Drains', /\b(?:drains?|sewer\w*|clog\w*|hydro-?jetting)\b/i],
  ['Electrical', /\b(?:electric\w*|wiring|panels? upgrade|breakers?|outlets?|ev chargers?)\b/i],
  ['Roofing', /\b(?:roof(?:s|ing|ers?)?|shingles?|gutters?)\b/i],
  ['Generators', /\b(?:generators?)\b/i],
  ['Garage_Door', /\b(?:garage doors?)\b/i],
  ['Appliances', /\b(?:appliance repair|appliances?|dishwashers?|refrigerators?)\b/i],
  ['Restoration', /\b(?:water damage|mold remediation|restoration)\b/i],
];

const DAY = /\b(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|weekdays?|weekends?)\b/i;
const TIME = /\b\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)|\bclosed\b|\b24\/7\b|\b24 hours\b/i;
const STREET =
  /\b\d{1,6}\s+(?:[NSEW]\.?\s+)?[A-Za-z0-9.' ]{2,40}?\s(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Pkwy|Parkway|Hwy|Highway|Ct|Court|Pl|Place|Cir|Circle|Trl|Trail)\b\.?(?:,?\s*(?:Suite|Ste\.?|Unit|#)\s*[\w-]+)?/;
const CITY_STATE_ZIP = /^[A-Za-z .'-]+,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
const PHONE = /(?:\+?1[\s.-]?)?\(?\b(\d{3})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})\b/;

const NOT_SERVICED = /\b(?:we do not|we don't|not service|no longer (?:offer|service))\b/i;

interface Block {
  heading: string | null;
  lines: string[];
}

const stripMarks = (line: string) => line.replace(/^(?:#+|-)\s+/, '');
const isHeading = (line: string) => /^#+\s/.test(line);

function blocks(lines: string[]): Block[] {
  const out: Block[] = [{ heading: null, lines: [] }];
  for (const line of lines) {
    if (isHeading(line)) out.push({ heading: stripMarks(line), lines: [] });
    else out[out.length - 1].lines.push(line);
  }
  return out;
}

function e164(area: string, prefix: string, line: string): string {
  return `+1${area}${prefix}${line}`;
}

function findPhone(text: string): string | null {
  const tel = /\(tel:\s*([^)]+)\)/.exec(text);
  if (tel) {
    const digits = tel[1].replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
    if (digits.length === 10) return e164(digits.slice(0, 3), digits.slice(3, 6), digits.slice(6));
  }
  const m = PHONE.exec(text);
  return m ? e164(m[1], m[2], m[3]) : null;
}

function findAddress(lines: string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const line = stripMarks(lines[i]);
    const m = STREET.exec(line);
    if (!m) continue;
    const rest = line.slice(m.index + m[0].length).replace(/^[,\s]+/, '');
    if (CITY_STATE_ZIP.test(rest)) return `${m[0]}, ${CITY_STATE_ZIP.exec(rest)![0]}`;
    const next = lines[i + 1] ? stripMarks(lines[i + 1]) : '';
    if (CITY_STATE_ZIP.test(next)) return `${m[0]}, ${CITY_STATE_ZIP.exec(next)![0]}`;
    return m[0];
  }
  return null;
}

/** Lines under an "hours" heading, or else any line that names a day and a time. */
function findOfficeHours(all: Block[]): string | null {
  const underHeading = all.find((b) => b.heading !== null && /\bhours\b/i.test(b.heading))?.lines.filter((l) => DAY.test(l) || TIME.test(l)) ?? [];
  const found = underHeading.length > 0 ? underHeading : all.flatMap((b) => b.lines).filter((l) => DAY.test(l) && TIME.test(l));
  return found.length > 0 ? found.slice(0, 4).map(stripMarks).join('; ') : null;
}

/** Question-like headings and the lines that answer them. */
function findFaqs(all: Block[]): { question: string; answer: string }[] {
  return all
    .filter((b) => b.heading !== null && b.heading.trim().endsWith('?') && b.lines.length > 0)
    .map((b) => ({ question: b.heading!.trim(), answer: b.lines.map(stripMarks).join(' ') }));
}

const linesMatching = (lines: string[], pattern: RegExp, max: number) => [...new Set(lines.filter((l) => pattern.test(l)).map(stripMarks))].slice(0, max);

const joinOrNull = (lines: string[], separator = '\n') => (lines.length > 0 ? lines.join(separator) : null);

/**
 * The offline engine's answer to agent_script_variables: every value is read from the website's text (or, for
 * the greetings and the parting message, built from the company and agent names); what the text does not say
 * is null, so the agent's current value stays.
 */
export function extractScriptVariables(input: ScriptExtractionInput): Output {
  const lines = input.website.text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const body = lines.filter((l) => !isHeading(l));
  const all = blocks(lines);
  const company = input.orgName;
  const agent = input.agentName;

  // A trade named only in "we do not service …" is not one the company offers.
  const offered = lines.filter((l) => !NOT_SERVICED.test(l));
  const trades = TRADE_WORDS.filter(([, pattern]) => offered.some((l) => pattern.test(l))).map(([trade]) => trade);
  const services = trades.length > 0 ? trades : input.trades.length > 0 ? input.trades : null;

  const faqs = findFaqs(all);
  const faqText = (list: typeof faqs) => joinOrNull(list.map((f) => `Q: ${f.question} A: ${f.answer}`));
  const membership = /\b(?:member\w*|club|plan|agreement|tune-?ups?)\b/i;

  const fee = linesMatching(body, /\b(?:dispatch|diagnostic|service call|trip|service)\s+(?:fee|charge|visit)\b/i, 2);
  const guidelines = linesMatching(
    body,
    /\b(?:licensed|insured|warrant\w*|guarantee\w*|financing|upfront|flat-rate|same-day|background-checked|free estimates?)\b/i,
    6,
  );
  const notServiced = linesMatching(body, NOT_SERVICED, 3);
  const addonWords = /\b(?:maintenance plans?|membership|club|tune-?ups?|indoor air quality|surge protect\w*|water filtration)\b/i;
  // A plan's own section reads best with its heading ("Join the Comfort Club: For $14.95 a month, …").
  const planSections = all.filter((b) => b.heading !== null && addonWords.test(b.heading) && b.lines.length > 0);
  const inPlanSection = new Set(planSections.flatMap((b) => b.lines));
  const addons = [
    ...planSections.map((b) => `${b.heading}: ${b.lines.map(stripMarks).join(' ')}`),
    ...linesMatching(
      body.filter((l) => !inPlanSection.has(l)),
      addonWords,
      3,
    ),
  ];
  const ownership = linesMatching(body, /\b(?:homeowner'?s?|renters?|tenants?|landlord'?s?|property manager)\b/i, 2).filter((l) =>
    /\b(?:must|need|approv\w*|permission|only)\b/i.test(l),
  );
  const review = /\(link:\s*(https?:\/\/[^\s)]*review[^\s)]*)\)/i.exec(input.website.text)?.[1] ?? null;
  const about = body.filter((l) => l.length >= 80 && !l.startsWith('- ')).slice(0, 2);
  const hours = findOfficeHours(all);
  const phone = findPhone(input.website.text);
  const address = findAddress(lines);

  const out = Object.fromEntries(SCRIPT_VARIABLES.map((v) => [v, null])) as Output;
  Object.assign(out, {
    agent_name: agent,
    company_name: company,
    company_information: joinOrNull(
      [...about, ...(address ? [`Address: ${address}`] : []), ...(phone ? [`Phone: ${phone}`] : []), ...(hours ? [`Hours: ${hours}`] : [])],
      ' ',
    ),
    regular_greeting: `Thank you for calling ${company}, this is ${agent}. How can I help you today?`,
    sales_greeting: `Hi, this is ${agent} calling from ${company}.`,
    services,
    office_hours: hours,
    company_address: address,
    company_phone_number: phone,
    business_guidelines: joinOrNull(guidelines),
    faqs: faqText(faqs),
    sales_faqs: faqText(faqs),
    membership_faqs: faqText(faqs.filter((f) => membership.test(f.question) || membership.test(f.answer))) ?? joinOrNull(addons),
    do_not_service: joinOrNull(notServiced),
    addons: joinOrNull(addons),
    home_ownership_policy: joinOrNull(ownership),
    dispatch_fee_value_build: joinOrNull(fee, ' '),
    parting_message: `Thank you for choosing ${company}. Have a great day!`,
    business_units_selection_logic: services ? `Pick the business unit of the trade the caller's problem belongs to: ${services.join(', ')}.` : null,
    review_link: review,
  } satisfies Partial<Output>);
  // Variables of other agent types are null: the task's answer is one agent type's script.
  const wanted = new Set<ScriptVariable>(SCRIPT_VARIABLES_BY_AGENT_TYPE[input.agentType]);
  for (const key of SCRIPT_VARIABLES) if (!wanted.has(key)) out[key] = null;
  return out;
}
