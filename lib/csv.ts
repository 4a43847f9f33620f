/**
 * CSV as RFC 4180 writes it (no CSV library is installed): fields with a comma, quote or line break are quoted,
 * quotes doubled, rows end in CRLF. A field that a spreadsheet would run as a formula (=, +, -, @, tab or carriage
 * return first) is prefixed with an apostrophe, so an exported caller's words cannot become a formula (OWASP
 * "CSV injection").
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly CsvCell[]): string => `${cells.map(csvField).join(',')}\r\n`;
