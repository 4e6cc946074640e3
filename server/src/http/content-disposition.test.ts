import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it.each([
    ['asha_example_com.png', `attachment; filename="asha_example_com.png"; filename*=UTF-8''asha_example_com.png`],
    ['josé_example_com.png', `attachment; filename="jos__example_com.png"; filename*=UTF-8''jos%C3%A9_example_com.png`],
    [
      'दिव्या_example_com.png',
      `attachment; filename="_______example_com.png"; filename*=UTF-8''%E0%A4%A6%E0%A4%BF%E0%A4%B5%E0%A5%8D%E0%A4%AF%E0%A4%BE_example_com.png`,
    ],
    ['ab😀_x.png', `attachment; filename="ab__x.png"; filename*=UTF-8''ab%F0%9F%98%80_x.png`],
    [
      `o'neil "x"\\(y)*.png`,
      `attachment; filename="o'neil _x__(y)*.png"; filename*=UTF-8''o%27neil%20%22x%22%5C%28y%29%2A.png`,
    ],
  ])('names %s with an ASCII fallback and the UTF-8 name', (name, header) => {
    expect(contentDisposition('attachment', name)).toBe(header);
  });

  it('keeps inline for viewing in the browser', () => {
    expect(contentDisposition('inline', 'a.png')).toBe(`inline; filename="a.png"; filename*=UTF-8''a.png`);
  });
});
