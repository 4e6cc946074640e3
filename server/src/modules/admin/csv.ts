/**
 * CSV as RFC 4180 writes it (CRLF line ends, fields with a comma, quote or line break
 * quoted, quotes doubled), made safe to open in a spreadsheet: a text cell that starts
 * like a formula (= + - @, or a tab or carriage return before one) gets a leading
 * apostrophe, so Excel or Sheets shows it instead of running it (OWASP "CSV injection").
 * Amounts are written by us as numbers and are exempt, so -49.00 stays a number.
 */
export type CsvCell = { text: string } | { amount: string };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const text = (value: string | null): CsvCell => ({ text: value ?? '' });

/** Paise as rupees with two decimals, from integers only (no floating-point drift): -4900 → "-49.00". */
export function rupees(paise: number): CsvCell {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return { amount: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
}

function field(cell: CsvCell): string {
  const value = 'amount' in cell ? cell.amount : FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header.map((name) => field(text(name))), ...rows.map((row) => row.map(field))]
    .map((cells) => `${cells.join(',')}\r\n`)
    .join('');
}
