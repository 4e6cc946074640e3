import { afterEach, describe, expect, it, vi } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** Asks for a reset and returns the request time the page shows. */
async function askReset(lab: Lab, username: string): Promise<string> {
  const answer = await lab.post('/forgot-password', { username });
  expect(answer.status).toBe(200);
  const at = /Requested at <time datetime="([^"]+)">/.exec(answer.body)?.[1];
  expect(at).toBeTruthy();
  return at!;
}

/** The newest email in wiener's mailbox: its Date and its token. */
async function newestEmail(lab: Lab): Promise<{ at: string; token: string }> {
  const inbox = await lab.get('/email');
  const match = /Date: <time datetime="([^"]+)">[\s\S]*?href="reset\?token=([A-Za-z0-9_-]+)"/.exec(inbox.body);
  expect(match).toBeTruthy();
  return { at: match![1]!, token: match![2]! };
}

async function decode(lab: Lab, text: string): Promise<string> {
  const answer = await lab.get(`/decoder?${new URLSearchParams({ text, mode: 'decode' })}`);
  return /Result:<\/p><pre>([^<]*)<\/pre>/.exec(answer.body)![1]!;
}

describe('lab web-auth-reset-token', () => {
  let lab: Lab;
  afterEach(async () => {
    vi.useRealTimers();
    await lab.close();
  });

  it("is solved by writing carlos's token from wiener's and the time of carlos's request", async () => {
    lab = await startTestLab('web-auth-reset-token');
    await askReset(lab, 'wiener');
    const mail = await newestEmail(lab);
    const decoded = await decode(lab, mail.token);
    const [user, number] = decoded.split(':');
    expect(user).toBe('wiener');
    expect(Number(number)).toBe(minuteOf(mail.at));

    // carlos's email goes to carlos; the page only says when the request was made.
    const carlosAt = await askReset(lab, 'carlos');
    const carlosMinute = Number(number) + (minuteOf(carlosAt) - minuteOf(mail.at));
    const encoded = await lab.get(
      `/decoder?${new URLSearchParams({ text: `carlos:${carlosMinute}`, mode: 'encode' })}`,
    );
    const forged = /Result:<\/p><pre>([^<]*)<\/pre>/.exec(encoded.body)![1]!;
    expect(forged).toBe(b64(`carlos:${carlosMinute}`));

    const form = await lab.get(`/reset?token=${forged}`);
    expect(form.status).toBe(200);
    expect(form.body).toContain('Choose a new password');
    const changed = await lab.post('/reset', { token: forged, password: 'chai-time-42' });
    expect(changed.body).toContain('The password of <strong>carlos</strong> is changed');
    expect(showsFlag(changed.body, lab.flag)).toBe(false);

    const login = await lab.post('/login', { username: 'carlos', password: 'chai-time-42' });
    expect(login.status).toBe(200);
    expect(showsFlag(login.body, lab.flag)).toBe(true);
    // The token was single use.
    expect((await lab.get(`/reset?token=${forged}`)).status).toBe(400);
  });

  it("works across a minute boundary only with the minute of carlos's own request", async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    vi.useFakeTimers({ now: minute + 59_900, toFake: ['Date'] });
    lab = await startTestLab('web-auth-reset-token');
    await askReset(lab, 'wiener');
    const mail = await newestEmail(lab);
    const wienerMinute = Number((await decode(lab, mail.token)).split(':')[1]);
    vi.setSystemTime(minute + 60_300);
    const carlosAt = await askReset(lab, 'carlos');
    expect(minuteOf(carlosAt)).toBe(wienerMinute + 1);

    // wiener's minute is a near miss; the minute the page showed is right.
    const nearMiss = b64(`carlos:${wienerMinute}`);
    expect((await lab.get(`/reset?token=${nearMiss}`)).status).toBe(400);
    expect((await lab.post('/reset', { token: nearMiss, password: 'x' })).status).toBe(400);
    const forged = b64(`carlos:${wienerMinute + 1}`);
    const changed = await lab.post('/reset', { token: forged, password: 'monsoon' });
    expect(changed.body).toContain('<strong>carlos</strong>');
    expect(showsFlag((await lab.post('/login', { username: 'carlos', password: 'monsoon' })).body, lab.flag)).toBe(
      true,
    );
  });

  it('refuses a forged token for a reset carlos never asked for, and expired tokens', async () => {
    const now = Date.now();
    vi.useFakeTimers({ now, toFake: ['Date'] });
    lab = await startTestLab('web-auth-reset-token');
    const forged = b64(`carlos:${Math.floor(now / 60_000)}`);
    expect((await lab.get(`/reset?token=${forged}`)).status).toBe(400);
    await askReset(lab, 'carlos');
    vi.setSystemTime(now + 31 * 60_000);
    expect((await lab.get(`/reset?token=${forged}`)).status).toBe(400);
  });

  it('shows no flag for honest use: resetting and signing in as wiener, or guessing carlos', async () => {
    lab = await startTestLab('web-auth-reset-token');
    await askReset(lab, 'wiener');
    const { token } = await newestEmail(lab);
    const changed = await lab.post('/reset', { token, password: 'newpass' });
    expect(changed.body).toContain('<strong>wiener</strong>');
    const wiener = await lab.post('/login', { username: 'wiener', password: 'newpass' });
    expect(wiener.body).toContain('Signed in as <strong>wiener</strong>');
    expect(wiener.body).not.toContain(lab.flag);
    expect((await lab.post('/login', { username: 'wiener', password: 'peter' })).status).toBe(401);
    const guess = await lab.post('/login', { username: 'carlos', password: 'montoya' });
    expect(guess.status).toBe(401);
    expect(guess.body).not.toContain(lab.flag);
    // The forgot-password answer is the same for an unknown user.
    expect(await askReset(lab, 'nobody')).toBeTruthy();
  });
});
