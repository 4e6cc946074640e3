import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, signUp, signUpAdmin, type Learner } from '../../test/admin-fixtures';
import { createTestApp, makeMinimalWebApp, type TestApp } from '../../test/test-app';

const SAMPLE = `query GetSampleLesson { sampleLesson { module_id module_title number title summary path } }`;
const UPDATE = `mutation UpdateSettings($input: BusinessSettingsInput!, $reason: String!) {
  updateBusinessSettings(input: $input, reason: $reason) { sample_lesson { module_id number } } }`;
const SETTINGS = {
  legal_name: 'Shiksha Labs Pvt Ltd',
  address: '12 MG Road, Bengaluru 560001',
  support_email: 'help@shiksha.example',
  gstin: null,
  price: 4900,
  reference_price: null,
  offer_ends_at: null,
};

let t: TestApp;
let admin: Learner;
const web = makeMinimalWebApp();
beforeAll(async () => {
  t = await createTestApp({}, { webAppDir: web.dir });
  admin = await signUpAdmin(t);
});
beforeEach(async () => {
  await t.services.db.deleteFrom('business_settings').execute();
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const choose = (sample_lesson: { module_id: string; number: number } | null | undefined) =>
  t.graphql(
    UPDATE,
    {
      input: { ...SETTINGS, ...(sample_lesson === undefined ? {} : { sample_lesson }) },
      reason: 'Pick the free lesson',
    },
    { cookie: admin.cookie },
  );
const sampleLesson = async () => (await t.graphql(SAMPLE)).body.data?.sampleLesson as { path: string } | null;
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the free sample lesson', () => {
  it('is the lesson the seller chose, readable by anyone signed out, and no other lesson is', async () => {
    // The default (web-application lesson 5) is not in the test content: no sample, no page,
    // and the console shows none (so saving the form as it is never names a missing lesson).
    expect(await sampleLesson()).toBeNull();
    const console = await t.graphql(`query { businessSettings { sample_lesson { module_id number } } }`, {}, admin);
    expect(console.body.data?.businessSettings).toEqual({ sample_lesson: null });
    expect((await choose({ module_id: 'web-application', number: 2 })).body.errors).toBeUndefined();
    const lesson = t.services.catalogue.lesson('web-application', 2)!;
    expect(await sampleLesson()).toEqual({
      module_id: 'web-application',
      module_title: t.services.catalogue.module('web-application')!.title,
      number: 2,
      title: lesson.title,
      summary: lesson.summary,
      path: '/sample/web-application/2',
    });

    const text = await get('/api/sample-lesson/web-application/2');
    expect(text.statusCode).toBe(200);
    expect(text.json()).toMatchObject({ module_id: 'web-application', number: 2, html: lesson.html });
    expect(text.headers['cache-control']).toBe('private, no-cache');
    expect((await get('/api/sample-lesson/web-application/2', undefined)).headers.etag).toBe(text.headers.etag);

    // Any other lesson stays for subscribers: not at the sample's address, not at the reader's.
    for (const other of ['/api/sample-lesson/web-application/1', '/api/sample-lesson/cryptography/2']) {
      const refused = await get(other);
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.json()).toEqual({
        errors: [
          {
            message: 'That lesson is not a free sample.',
            extensions: { code: 'NOT_FOUND', requestId: expect.any(String) },
          },
        ],
      });
    }
    expect((await get('/api/lessons/web-application/2')).statusCode).toBe(401);
    const unpaid = await signUp(t, { prefix: 'sample' });
    expect((await get('/api/lessons/web-application/2', unpaid.cookie)).statusCode).toBe(403);
  });

  it('has its own page, which answers 404 for any lesson but the sample, and is in the sitemap', async () => {
    await choose({ module_id: 'web-application', number: 2 });
    const page = await get('/sample/web-application/2');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await get('/sample/web-application/1')).statusCode).toBe(404);
    expect((await get('/sample/nothing/2')).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).toContain('/sample/web-application/2</loc>');

    await choose(null);
    expect((await get('/sample/web-application/2')).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain('/sample/');
  });

  it('is chosen by the seller: a lesson that does not exist is refused, leaving it out keeps it, null offers none', async () => {
    const missing = await choose({ module_id: 'web-application', number: 99 });
    expect(codeOf(missing)).toBe('VALIDATION_FAILED');
    expect(missing.body.errors?.[0]?.message).toBe(
      'Sample lesson must be a lesson of the course: web-application has no lesson 99.',
    );

    await choose({ module_id: 'cryptography', number: 1 });
    const kept = await choose(undefined);
    expect(kept.body.data?.updateBusinessSettings).toEqual({ sample_lesson: { module_id: 'cryptography', number: 1 } });
    expect((await sampleLesson())?.path).toBe('/sample/cryptography/1');

    const none = await choose(null);
    expect(none.body.data?.updateBusinessSettings).toEqual({ sample_lesson: null });
    expect(await sampleLesson()).toBeNull();
    expect((await get('/api/sample-lesson/cryptography/1')).statusCode).toBe(404);

    // Only an admin chooses.
    const learner = await signUp(t, { prefix: 'sample-choice' });
    const refused = await t.graphql(
      UPDATE,
      { input: { ...SETTINGS, sample_lesson: { module_id: 'cryptography', number: 1 } }, reason: 'Not mine to pick' },
      { cookie: learner.cookie },
    );
    expect(codeOf(refused)).toBe('FORBIDDEN');
  });
});
