/**
 * Search over calls (issue 13): a call is found by words of the caller's name, phone number, address or
 * transcript. The interactions read model keeps this text beside each call, lower-cased, under a trigram
 * index, and a search matches every one of its terms as a substring.
 */

const digitsOf = (value: string) => value.replace(/\D/g, '');
// A phone number as people type it: digits with spaces, dots, dashes, parentheses or a leading plus.
const PHONE_LIKE = /^\+?[\d\s().-]+$/;
// LIKE's wildcards and escape mean nothing in a name, a number or speech; dropped so a term is matched literally.
const LIKE_SPECIALS = /[%_\\]/g;

export interface SearchableCall {
  customerName: string | null;
  customerNumber: string | null;
  customerAddress: string | null;
  transcriptObject: unknown[];
}

/** The text a call is searched by: name, number (as given and as digits), address and every turn said. */
export function callSearchText(call: SearchableCall): string {
  const turns = call.transcriptObject
    .map((t) => (t && typeof t === 'object' && typeof (t as { content?: unknown }).content === 'string' ? (t as { content: string }).content : ''))
    .filter((c) => c !== '');
  const number = call.customerNumber ?? '';
  return [call.customerName, number, digitsOf(number), call.customerAddress, ...turns]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The terms of a search, each to be found in the call's search text. A phone number is one term of its digits
 * however it was typed ("(512) 555-0142" finds +15125550142); other words are matched lower-cased.
 */
export function callSearchTerms(search: string | undefined): string[] {
  const query = (search ?? '').replace(LIKE_SPECIALS, ' ').trim();
  if (query === '') return [];
  if (PHONE_LIKE.test(query) && digitsOf(query).length >= 3) return [digitsOf(query)];
  const term = (word: string) => (PHONE_LIKE.test(word) && digitsOf(word).length >= 3 ? digitsOf(word) : word.toLowerCase());
  return [
    ...new Set(
      query
        .split(/\s+/)
        .filter((w) => w !== '')
        .map(term),
    ),
  ];
}
