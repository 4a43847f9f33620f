import { describe, expect, it } from '@jest/globals';
import { csvField, csvRow } from './csv';

describe('CSV fields and rows (RFC 4180)', () => {
  it('leaves plain fields alone and writes nothing for a missing value', () => {
    expect(csvRow(['Dana Ruiz', 95, true, null, undefined])).toBe('Dana Ruiz,95,true,,\r\n');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('14 Oak Lane, Austin')).toBe('"14 Oak Lane, Austin"');
    expect(csvField('said "call me"')).toBe('"said ""call me"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.test")')).toBe('"\'=HYPERLINK(""http://evil.test"")"');
    expect(csvField('+15125550142')).toBe("'+15125550142");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    // Numbers are values, not text a formula could hide in.
    expect(csvField(-1)).toBe('-1');
  });
});
