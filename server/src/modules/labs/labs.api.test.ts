import { labFlag } from '@ehc/labs/flags';
import { verifyLabToken } from '@ehc/labs/lab-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpLearner, type TestApp } from '../../test/test-app';
import { LAB_MESSAGES } from './lab-service';

const LABS = `query { labs { id module_id lesson_number title difficulty objective solved solved_at solved_with_writeup hint_count hints writeup_html } }`;
const START = `mutation Start($lab: String!) { startLab(lab_id: $lab) { url expires_at } }`;
const SUBMIT = `mutation Submit($lab: String!, $flag: String!) { submitLabFlag(lab_id: $lab, flag: $flag) { solved solved_at } }`;
const HINT = `mutation Hint($lab: String!) { revealLabHint(lab_id: $lab) { hints hint_count } }`;
const WRITEUP = `mutation Writeup($lab: String!) { openLabWriteup(lab_id: $lab) { writeup_html } }`;
const LAB = 'web-sqli-login-bypass';

type LabRow = {
  id: string;
  solved: boolean;
  solved_at: string | null;
  solved_with_writeup: boolean;
  hints: string[];
  hint_count: number;
  writeup_html: string | null;
  module_id: string;
  lesson_number: number;
};
const codeOf = (result: { body: { errors?: { extensions?: { code?: string } }[] } }) =>
  result.body.errors?.[0]?.extensions?.code;
const messageOf = (result: { body: { errors?: { message: string }[] } }) => result.body.errors?.[0]?.message;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LAB_ORIGIN: 'http://127.0.0.1:4999',
    LAB_TOKEN_SECRET: 'a'.repeat(40),
    LAB_FLAG_SECRET: 'b'.repeat(40),
  });
});
afterAll(async () => {
  await t.close();
});

const flagOf = (userRef: string, lab = LAB) => labFlag('b'.repeat(40), userRef, lab);
const progressRows = (userRef: string) =>
  t.services.db.selectFrom('lab_progress').selectAll().where('user_ref', '=', userRef).execute();
async function labOf(cookie: string, id = LAB): Promise<LabRow> {
  const result = await t.graphql(LABS, {}, { cookie });
  return (result.body.data!.labs as LabRow[]).find((lab) => lab.id === id)!;
}

describe('who may see and start labs', () => {
  it('refuses anonymous visitors everything, and starts nothing', async () => {
    expect(codeOf(await t.graphql(LABS))).toBe('UNAUTHENTICATED');
    expect(codeOf(await t.graphql(START, { lab: LAB }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await t.graphql(SUBMIT, { lab: LAB, flag: `EHC{${'x'.repeat(32)}}` }))).toBe('UNAUTHENTICATED');
  });

  it('shows unpaid learners the list without hints or write-ups, and refuses to start a lab', async () => {
    const { cookie, userRef } = await signUpLearner(t, { paid: false });
    const result = await t.graphql(LABS, {}, { cookie });
    const labs = result.body.data!.labs as LabRow[];
    expect(labs.filter((lab) => lab.module_id === 'web-application').length).toBeGreaterThanOrEqual(12);
    expect(labs.find((lab) => lab.id === LAB)).toMatchObject({
      lesson_number: 5,
      solved: false,
      hints: [],
      writeup_html: null,
    });
    const start = await t.graphql(START, { lab: LAB }, { cookie });
    expect(codeOf(start)).toBe('FORBIDDEN');
    expect(messageOf(start)).toBe('This content is for subscribers. Please subscribe to access it.');
    expect(codeOf(await t.graphql(HINT, { lab: LAB }, { cookie }))).toBe('FORBIDDEN');
    expect(await progressRows(userRef)).toEqual([]);
  });

  it('gives a paid learner a signed link on the lab site naming them, the lab and an expiry', async () => {
    const { cookie, userRef } = await signUpLearner(t, { paid: true });
    const result = await t.graphql(START, { lab: LAB }, { cookie });
    const session = result.body.data!.startLab as { url: string; expires_at: string };
    expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:4999\/i\/[\w-]+\.[\w-]+\.[\w-]+\/$/);
    const token = session.url.split('/i/')[1]!.replace(/\/$/, '');
    const claims = await verifyLabToken('a'.repeat(40), token);
    expect(claims).toMatchObject({ learner: userRef, labId: LAB });
    expect(new Date(session.expires_at).getTime()).toBeGreaterThan(Date.now() + 3 * 3_600_000);
    expect(await verifyLabToken('c'.repeat(40), token)).toBeNull();
    expect((await progressRows(userRef)).map((row) => row.lab_id)).toEqual([LAB]);
  });

  it('answers NOT_FOUND for a lab that does not exist', async () => {
    const { cookie } = await signUpLearner(t, { paid: true });
    const result = await t.graphql(START, { lab: 'no-such-lab' }, { cookie });
    expect(codeOf(result)).toBe('NOT_FOUND');
    expect(messageOf(result)).toBe(LAB_MESSAGES.unknownLab);
  });
});

describe('flags', () => {
  it("records a solve for the learner's own flag, once", async () => {
    const { cookie, userRef } = await signUpLearner(t, { paid: true });
    const first = await t.graphql(SUBMIT, { lab: LAB, flag: flagOf(userRef) }, { cookie });
    const solved = first.body.data!.submitLabFlag as { solved: boolean; solved_at: string };
    expect(solved.solved).toBe(true);
    const again = await t.graphql(SUBMIT, { lab: LAB, flag: ` ${flagOf(userRef)} ` }, { cookie });
    expect((again.body.data!.submitLabFlag as { solved_at: string }).solved_at).toBe(solved.solved_at);
    expect(await labOf(cookie)).toMatchObject({ solved: true, solved_with_writeup: false });
  });

  it("refuses another learner's flag, and a flag of another lab", async () => {
    const owner = await signUpLearner(t, { paid: true });
    const copier = await signUpLearner(t, { paid: true });
    const foreign = await t.graphql(SUBMIT, { lab: LAB, flag: flagOf(owner.userRef) }, { cookie: copier.cookie });
    expect(codeOf(foreign)).toBe('VALIDATION_FAILED');
    expect(messageOf(foreign)).toBe(LAB_MESSAGES.wrongFlag);
    const otherLab = await t.graphql(
      SUBMIT,
      { lab: LAB, flag: flagOf(copier.userRef, 'web-xss-reflected') },
      { cookie: copier.cookie },
    );
    expect(messageOf(otherLab)).toBe(LAB_MESSAGES.wrongFlag);
    expect((await labOf(copier.cookie)).solved).toBe(false);
  });

  it('says what a flag looks like when given something else', async () => {
    const { cookie } = await signUpLearner(t, { paid: true });
    for (const flag of ['', 'flag', 'EHC{short}', 'EHC{has spaces in it and more}']) {
      const result = await t.graphql(SUBMIT, { lab: LAB, flag }, { cookie });
      expect(messageOf(result)).toBe(LAB_MESSAGES.flagShape);
    }
  });

  it('throttles wrong flags per learner, and a right flag still counts after', async () => {
    const { cookie, userRef } = await signUpLearner(t, { paid: true });
    const wrong = `EHC{${'A'.repeat(32)}}`;
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 11; i += 1) codes.push(codeOf(await t.graphql(SUBMIT, { lab: LAB, flag: wrong }, { cookie })));
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('VALIDATION_FAILED'));
    expect(codes[10]).toBe('RATE_LIMITED');
    expect(codeOf(await t.graphql(SUBMIT, { lab: LAB, flag: flagOf(userRef) }, { cookie }))).toBe('RATE_LIMITED');
    expect(await progressRows(userRef)).toEqual([]);
  });

  it('keeps one solve when two tabs submit at once', async () => {
    const { cookie, userRef } = await signUpLearner(t, { paid: true });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.graphql(SUBMIT, { lab: LAB, flag: flagOf(userRef) }, { cookie })),
    );
    const times = new Set(
      results.map((r) => (r.body.data?.submitLabFlag as { solved_at: string } | undefined)?.solved_at),
    );
    expect(results.every((r) => !r.body.errors)).toBe(true);
    expect(times.size).toBe(1);
    expect(await progressRows(userRef)).toHaveLength(1);
  });
});

describe('hints and the write-up', () => {
  it('reveals hints one at a time and stops at the last', async () => {
    const { cookie } = await signUpLearner(t, { paid: true });
    const before = await labOf(cookie);
    expect(before.hints).toEqual([]);
    const seen: number[] = [];
    for (let i = 0; i < before.hint_count + 1; i += 1) {
      const result = await t.graphql(HINT, { lab: LAB }, { cookie });
      seen.push((result.body.data!.revealLabHint as { hints: string[] }).hints.length);
    }
    expect(seen).toEqual([...Array.from({ length: before.hint_count }, (_, i) => i + 1), before.hint_count]);
  });

  it('keeps the write-up until the lab is solved or asked for, and then says "solved with the write-up"', async () => {
    const { cookie, userRef } = await signUpLearner(t, { paid: true });
    expect((await labOf(cookie)).writeup_html).toBeNull();
    const opened = await t.graphql(WRITEUP, { lab: LAB }, { cookie });
    expect((opened.body.data!.openLabWriteup as { writeup_html: string }).writeup_html).toContain('<code>');
    await t.graphql(SUBMIT, { lab: LAB, flag: flagOf(userRef) }, { cookie });
    expect(await labOf(cookie)).toMatchObject({ solved: true, solved_with_writeup: true });
  });

  it('shows the write-up after a solve without marking it as used', async () => {
    const { cookie, userRef } = await signUpLearner(t, { paid: true });
    await t.graphql(SUBMIT, { lab: LAB, flag: flagOf(userRef) }, { cookie });
    const lab = await labOf(cookie);
    expect(lab.writeup_html).toContain('parameterised');
    expect(lab.solved_with_writeup).toBe(false);
  });
});
