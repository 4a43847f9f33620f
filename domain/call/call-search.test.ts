import { describe, expect, it } from '@jest/globals';
import { callSearchTerms, callSearchText } from './call-search';

describe('the text a call is searched by', () => {
  it('holds the name, the number as given and as digits, the address and what was said, lower-cased', () => {
    const text = callSearchText({
      customerName: 'Dana Ruiz',
      customerNumber: '+1 (512) 555-0142',
      customerAddress: '14 Oak Lane',
      transcriptObject: [{ role: 'agent', content: 'Thanks for calling.' }, { role: 'user', content: 'My  AC\nquit.' }, { role: 'user' }, null],
    });
    expect(text).toBe('dana ruiz +1 (512) 555-0142 15125550142 14 oak lane thanks for calling. my ac quit.');
    expect(callSearchText({ customerName: null, customerNumber: null, customerAddress: null, transcriptObject: [] })).toBe('');
  });
});

describe('the terms of a search', () => {
  it('reads a phone number as its digits, however it is typed', () => {
    expect(callSearchTerms('(512) 555-0142')).toEqual(['5125550142']);
    expect(callSearchTerms('+1 512.555.0142')).toEqual(['15125550142']);
    expect(callSearchTerms('dana 555-0142')).toEqual(['dana', '5550142']);
  });

  it('matches other words lower-cased, each once, and drops LIKE wildcards', () => {
    expect(callSearchTerms('  Water HEATER water ')).toEqual(['water', 'heater']);
    expect(callSearchTerms('100%_off')).toEqual(['100', 'off']);
    expect(callSearchTerms('%')).toEqual([]);
    expect(callSearchTerms(undefined)).toEqual([]);
    // Two digits are a word, not a phone number.
    expect(callSearchTerms('12')).toEqual(['12']);
  });
});
