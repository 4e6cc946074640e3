import { labFlag } from '@ehc/labs/flags';
import { LABS } from '@ehc/labs/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpLearner, type TestApp } from '../../test/test-app';
import { MODULE_IDS } from '@ehc/common';

const FLAG_SECRET = 'evidence-test-flag-secret-0123456789abcdef';
const SHOWN = 'query { evidenceShown }';
const SET = 'mutation Set($show: Boolean!) { setEvidenceShown(show: $show) }';
const SUBMIT = 'mutation Submit($lab: String!, $flag: String!) { submitLabFlag(lab_id: $lab, flag: $flag) { solved } }';
const VERIFY = `query Verify($id: String!) { verifyCertificate(certificate_id: $id) { labs_solved { solved total } knowledge_checks { total } } }`;
const MINE = `query { certificates { certificate_id labs_solved { solved total } } }`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LAB_FLAG_SECRET: FLAG_SECRET });
});
afterAll(async () => {
  await t.close();
});

const COMPLETE = 'mutation C($m: String!, $n: Int!) { markLessonComplete(module_id: $m, number: $n) { completed } }';
const CERTIFICATES = 'query { certificates { certificate_id module_id } }';

/** Completes the module (or every module, for `full`) on the fixture course. */
async function certificateOf(cookie: string, scope: string): Promise<string> {
  for (const module of scope === 'full' ? MODULE_IDS : [scope]) {
    for (const lesson of t.services.catalogue.module(module)!.lessons) {
      await t.graphql(COMPLETE, { m: module, n: lesson.number }, { cookie });
    }
  }
  const list = (await t.graphql(CERTIFICATES, {}, { cookie })).body.data?.certificates as {
    certificate_id: string;
    module_id: string | null;
  }[];
  return list.find((c) => (scope === 'full' ? c.module_id === null : c.module_id === scope))!.certificate_id;
}

const webLabs = LABS.filter((lab) => lab.moduleId === 'web-application');

describe('evidence on certificates, under the learner control', () => {
  it('is off until the learner turns it on, and can be turned off again', async () => {
    const { cookie } = await signUpLearner(t, { paid: true });
    expect((await t.graphql(SHOWN, {}, { cookie })).body.data?.evidenceShown).toBe(false);
    expect((await t.graphql(SET, { show: true }, { cookie })).body.data?.setEvidenceShown).toBe(true);
    expect((await t.graphql(SHOWN, {}, { cookie })).body.data?.evidenceShown).toBe(true);
    await t.graphql(SET, { show: false }, { cookie });
    expect((await t.graphql(SHOWN, {}, { cookie })).body.data?.evidenceShown).toBe(false);
    expect((await t.graphql(SET, { show: true })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('shows "labs solved" of the module on /verify only when the holder chose to', async () => {
    const { cookie, userRef } = await signUpLearner(t, { paid: true });
    for (const lab of webLabs.slice(0, 3)) {
      await t.graphql(SUBMIT, { lab: lab.id, flag: labFlag(FLAG_SECRET, userRef, lab.id) }, { cookie });
    }
    const id = await certificateOf(cookie, 'web-application');
    expect((await t.graphql(VERIFY, { id })).body.data?.verifyCertificate).toMatchObject({ labs_solved: null });
    await t.graphql(SET, { show: true }, { cookie });
    expect((await t.graphql(VERIFY, { id })).body.data?.verifyCertificate).toMatchObject({
      labs_solved: { solved: 3, total: webLabs.length },
    });
    const mine = (await t.graphql(MINE, {}, { cookie })).body.data?.certificates as { labs_solved: unknown }[];
    expect(mine[0]!.labs_solved).toEqual({ solved: 3, total: webLabs.length });
  });

  it('counts every lab of the course on the full certificate', async () => {
    const { cookie, userRef } = await signUpLearner(t, { paid: true });
    await t.graphql(SET, { show: true }, { cookie });
    const lab = webLabs[0]!;
    await t.graphql(SUBMIT, { lab: lab.id, flag: labFlag(FLAG_SECRET, userRef, lab.id) }, { cookie });
    const id = await certificateOf(cookie, 'full');
    expect((await t.graphql(VERIFY, { id })).body.data?.verifyCertificate).toMatchObject({
      labs_solved: { solved: 1, total: LABS.length },
    });
  });
});
