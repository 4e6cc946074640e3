import { describe, expect, it } from 'vitest';
import { rupees, text, toCsv } from './csv';

describe('toCsv', () => {
  it('ends every line with CRLF and quotes fields with commas, quotes or line breaks', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [text('x, y'), text('say "hi"')],
          [text('two\nlines'), text(null)],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"two\nlines",\r\n');
  });

  it('defuses text that a spreadsheet would run as a formula, but not our own negative amounts', () => {
    const row = ['=1+1', '+1', '-1', '@A1', '\t=1', 'a=b'].map((value) => text(value));
    expect(toCsv(['h'], [[...row, rupees(-4900)]])).toBe("h\r\n'=1+1,'+1,'-1,'@A1,'\t=1,a=b,-49.00\r\n");
  });

  it('writes paise as rupees with two decimals', () => {
    expect([5, 100, 4900, 123456, -7, 0].map((paise) => rupees(paise))).toEqual(
      ['0.05', '1.00', '49.00', '1234.56', '-0.07', '0.00'].map((amount) => ({ amount })),
    );
  });
});
