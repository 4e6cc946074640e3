import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormatsModule from 'ajv-formats';
import { MODULE_IDS } from '@ehc/common';
import {
  OB_CONTEXT,
  OB_EXTENSIONS_CONTEXT,
  VC_CONTEXT,
  credentialNamesEmail,
  summarizeCredential,
} from '@ehc/common/credentials';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../courses/content-loader';
import { FIXTURE_CONTENT_DIR } from '../../test/test-app';
import { buildCredential } from './credential-builder';
import { EXAMPLE_FACTS, EXAMPLE_ISSUER } from './example-credential';
import { studyHours } from './study-hours';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2019) => Ajv2019;

// The official Open Badges 3.0 schema, as 1EdTech publishes it (schema/README.md).
const schema = JSON.parse(
  readFileSync(new URL('./schema/ob_v3p0_achievementcredential_schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const ajv = addFormats(new Ajv2019({ allErrors: true, strict: false }));
const validate = ajv.compile(schema);

const catalogue = loadCatalogue(FIXTURE_CONTENT_DIR);
const issuer = EXAMPLE_ISSUER;
const facts = EXAMPLE_FACTS;

function errorsOf(credential: unknown): string[] {
  return validate(credential) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

describe('the Open Badges 3.0 credential of a certificate', () => {
  it('conforms to the official AchievementCredential JSON Schema, for a module and for the full course', () => {
    expect(errorsOf(buildCredential(facts, issuer, catalogue))).toEqual([]);
    const full = { ...facts, scope: 'FULL', certificateId: 'EHC-FULL-1795240800123-ASH' };
    expect(errorsOf(buildCredential(full, issuer, catalogue))).toEqual([]);
  });

  it('is refused by the same schema when it breaks the standard, so the check above can fail', () => {
    const credential = buildCredential(facts, issuer, catalogue);
    const { validFrom: _dropped, ...withoutValidFrom } = credential;
    expect(errorsOf(withoutValidFrom).join()).toMatch(/validFrom/);
    expect(errorsOf({ ...credential, type: ['VerifiableCredential'] })).not.toEqual([]);
    const badIdentifier = structuredClone(credential);
    (badIdentifier.credentialSubject.identifier[1] as unknown as Record<string, unknown>).hashed = 'yes';
    expect(errorsOf(badIdentifier).join()).toMatch(/identifier/);
    const noCriteria = structuredClone(credential) as unknown as {
      credentialSubject: { achievement: Record<string, unknown> };
    };
    delete noCriteria.credentialSubject.achievement.criteria;
    expect(errorsOf(noCriteria).join()).toMatch(/criteria/);
  });

  it('names the learner, and carries the email only as a salted SHA-256 (IdentityObject, hashed: true)', () => {
    const credential = buildCredential(facts, issuer, catalogue);
    expect(credential['@context']).toEqual([
      VC_CONTEXT,
      OB_CONTEXT,
      OB_EXTENSIONS_CONTEXT,
      'https://course.example.com/credentials/contexts/v1.json',
    ]);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.credentialSubject.identifier).toEqual([
      { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Asha Rao' },
      {
        type: 'IdentityObject',
        identityType: 'emailAddress',
        hashed: true,
        identityHash: `sha256$${createHash('sha256').update(`asha.rao@example.com${facts.identitySalt}`).digest('hex')}`,
        salt: facts.identitySalt,
      },
    ]);
    expect(JSON.stringify(credential)).not.toContain('asha.rao@example.com');
    expect(credential.credentialSubject.id).toBe(facts.subjectId);
  });

  it('lets someone who knows the holder’s email confirm it (as the verify page does), and nobody read it', async () => {
    const credential = buildCredential(facts, issuer, catalogue);
    expect(await credentialNamesEmail(credential, ' Asha.Rao@Example.com ')).toBe(true);
    expect(await credentialNamesEmail(credential, 'asha.rao@example.org')).toBe(false);
    const otherSalt = buildCredential(
      { ...facts, identitySalt: 'ffeeddccbbaa99887766554433221100' },
      issuer,
      catalogue,
    );
    expect(credential.credentialSubject.identifier[1]!.identityHash).not.toBe(
      otherSalt.credentialSubject.identifier[1]!.identityHash,
    );
  });

  it('is issued by the seller at the app origin, on the completion date, with its status-list entry', () => {
    const credential = buildCredential(facts, issuer, catalogue);
    expect(credential.id).toBe('https://course.example.com/verify/EHC-CRYPTOGRAPHY-1795240800123-ASH');
    expect(credential.issuer).toEqual({
      id: 'https://course.example.com/credentials/issuer',
      type: ['Profile'],
      name: 'Surakshit Learning Private Limited',
      url: 'https://course.example.com',
      email: 'help@course.example.com',
      phone: '+91 80 4000 1234',
    });
    // Whole seconds: a JWT's nbf must equal validFrom exactly.
    expect(credential.validFrom).toBe('2026-11-21T06:00:00Z');
    expect(credential.awardedDate).toBe('2026-11-21T06:00:00Z');
    expect(credential.credentialStatus).toEqual({
      id: 'https://course.example.com/credentials/status/1#94567',
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '94567',
      statusListCredential: 'https://course.example.com/credentials/status/1',
    });
  });

  it('describes the achievement: the module, its criteria and its estimated study hours', () => {
    const credential = buildCredential(facts, issuer, catalogue);
    const achievement = credential.credentialSubject.achievement;
    expect(achievement).toMatchObject({
      id: 'https://course.example.com/credentials/achievements/cryptography',
      achievementType: 'CertificateOfCompletion',
      name: 'Cryptography & Encryption',
      estimatedStudyHours: studyHours(catalogue, 'cryptography'),
    });
    expect(achievement.description).toContain(catalogue.module('cryptography')!.description);
    expect(achievement.criteria.narrative).toMatch(/^Complete every one of the 2 lessons of the module\./);
    expect(achievement.criteria.narrative).toContain(`Estimated study time: ${achievement.estimatedStudyHours} hour`);

    const full = buildCredential({ ...facts, scope: 'FULL' }, issuer, catalogue).credentialSubject.achievement;
    expect(full.name).toBe('Ethical Hacking & Cybersecurity');
    expect(full.estimatedStudyHours).toBe(MODULE_IDS.reduce((sum, id) => sum + studyHours(catalogue, id), 0));
    expect(full.criteria.narrative).toContain(`of all ${MODULE_IDS.length} modules`);
  });

  it('reads back as the summary the verify page shows', () => {
    expect(summarizeCredential(buildCredential(facts, issuer, catalogue))).toEqual({
      credentialId: 'https://course.example.com/verify/EHC-CRYPTOGRAPHY-1795240800123-ASH',
      certificateId: 'EHC-CRYPTOGRAPHY-1795240800123-ASH',
      holderName: 'Asha Rao',
      hasHashedEmail: true,
      achievementName: 'Cryptography & Encryption',
      achievementType: 'CertificateOfCompletion',
      achievementDescription: expect.stringContaining('Estimated study time'),
      studyHours: studyHours(catalogue, 'cryptography'),
      issuerId: 'https://course.example.com/credentials/issuer',
      issuerName: 'Surakshit Learning Private Limited',
      issuerUrl: 'https://course.example.com',
      awardedDate: '2026-11-21T06:00:00Z',
      validFrom: '2026-11-21T06:00:00Z',
    });
  });
});

describe('study hours', () => {
  it('follow the lesson word counts: 150 words a minute, doubled for practice, rounded up, at least 1', async () => {
    const { moduleHours, wordCount } = await import('./study-hours');
    const lesson = (words: number) => ({ html: `<p>${'word '.repeat(words)}</p>` });
    const module = (words: number[]) =>
      ({ introHtml: '', lessons: words.map(lesson) }) as unknown as Parameters<typeof moduleHours>[0];
    expect(wordCount('<h2>Two words</h2><p>and&nbsp;three <code>more</code></p>')).toBe(5);
    expect(moduleHours(module([10]))).toBe(1);
    expect(moduleHours(module([4500]))).toBe(1);
    expect(moduleHours(module([4501]))).toBe(2);
    expect(moduleHours(module([9000, 9000, 9000]))).toBe(6);
  });
});
