import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderCertificatePng } from './certificate-image';
import { certificateFileName, certificateId } from './certificate-service';
import { pngSize } from './png';

const golden = (name: string) => fileURLToPath(new URL(`./golden/${name}.png`, import.meta.url));
const fixed = {
  completedAt: Date.UTC(2026, 10, 21, 6, 0, 0),
  verifyUrl: 'https://course.example.com/verify/EHC-WEB-APPLICATION-1795240800000-ASH',
};
const cases = {
  'module-short-name': {
    ...fixed,
    holderName: 'Asha Rao',
    scope: 'web-application',
    certificateId: 'EHC-WEB-APPLICATION-1795240800000-ASH',
  },
  'module-long-name': {
    ...fixed,
    holderName: 'Shreyas Venkataraghavan Iyer-Ramaswamy',
    scope: 'hacking-through-mobile',
    certificateId: 'EHC-HACKING-THROUGH-MOBILE-1795240800000-SHR',
  },
  'module-devanagari-name': {
    ...fixed,
    holderName: 'अनन्या शर्मा',
    scope: 'cryptography',
    certificateId: 'EHC-CRYPTOGRAPHY-1795240800000-ANA',
  },
  'full-course': { ...fixed, holderName: 'Zoë Ødegård', scope: 'FULL', certificateId: 'EHC-FULL-1795240800000-ZOE' },
};

describe('certificate image', () => {
  // Fonts come from the repository, so a fixed certificate renders to the same bytes on
  // every machine. Regenerate the golden files with UPDATE_GOLDEN=1 after a deliberate
  // design change, and look at them before committing.
  it.each(Object.entries(cases))('%s matches its golden image byte for byte', async (name, drawing) => {
    const png = await renderCertificatePng(drawing);
    expect(pngSize(png)).toEqual({ width: 1200, height: 850 });
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden(name), png);
    expect(existsSync(golden(name)), `missing golden image ${name}.png`).toBe(true);
    expect(png.equals(readFileSync(golden(name)))).toBe(true);
    expect((await renderCertificatePng(drawing)).equals(png)).toBe(true);
  });
});

describe('certificate ids and file names', () => {
  it('follows EHC-<SCOPE>-<ms>-<first three letters of the email>', () => {
    expect(certificateId('web-application', 1763740800000, 'asha@example.com')).toBe(
      'EHC-WEB-APPLICATION-1763740800000-ASH',
    );
    expect(certificateId('FULL', 1763740800000, 'zo@x.in')).toBe('EHC-FULL-1763740800000-ZO@');
  });

  it('takes whole characters, so an emoji third is kept whole', () => {
    expect(certificateId('cryptography', 1763740800000, 'ab😀cd@example.com')).toBe(
      'EHC-CRYPTOGRAPHY-1763740800000-AB😀',
    );
    expect(certificateId('FULL', 1763740800000, '😀😎🙂x@example.com')).toBe('EHC-FULL-1763740800000-😀😎🙂');
    expect(certificateId('FULL', 1763740800000, 'दिव्या@example.com')).toBe('EHC-FULL-1763740800000-दिव');
  });

  it.each([
    ['asha@example.com', 'asha_example_com.png'],
    ['a.k@mail.co.in', 'a_k_mail.co.in.png'],
    ['ravi.kumar@iitb.ac.in', 'ravi_kumar_iitb.ac.in.png'],
    ['x@y.z', 'x_y_z.png'],
    ['josé@example.com', 'josé_example_com.png'],
  ])('names the download for %s as %s', (email, name) => {
    expect(certificateFileName(email)).toBe(name);
  });
});
