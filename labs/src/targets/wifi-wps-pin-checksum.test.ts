import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';
import { ATTEMPT_BUDGET, wpsChecksum } from './wifi-wps-pin-checksum';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

/** Reads the earlier session's log: the PIN whose run got an M5 has the right first half. */
function firstHalfFromLog(html: string): string {
  const log = html.slice(html.indexOf('Yesterday’s session'));
  const runs = log.split('[+] Trying pin &quot;').slice(1);
  expect(runs).toHaveLength(5);
  const pastM4 = runs.filter((run) => run.includes('Received M5 message'));
  expect(pastM4).toHaveLength(1);
  return pastM4[0]!.slice(0, 4);
}

function textarea(html: string): string[] {
  const match = html.match(/<textarea name="pins"[^>]*>([\s\S]*?)<\/textarea>/);
  return match![1]!.split('\n').filter(Boolean);
}

describe('the WPS checksum', () => {
  it('computes the WPS checksum digit as the lesson does', () => {
    expect(wpsChecksum(1234567)).toBe(0);
    expect(wpsChecksum(4815162)).toBe(7);
    expect(wpsChecksum(0)).toBe(0);
  });
});

describe('lab wifi-wps-pin-checksum', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved with the first half from the M4/M6 leak and 1,000 checksummed second halves', async () => {
    lab = await startTestLab('wifi-wps-pin-checksum');
    const home = await lab.get('/');
    expect(home.body).not.toContain(lab.flag);
    const first = firstHalfFromLog(home.body);
    const list = await lab.get(`/pins?first=${first}&from=000&to=999`);
    const pins = textarea(list.body);
    expect(pins).toHaveLength(1000);
    expect(pins.every((pin) => pin.startsWith(first) && wpsChecksum(Number(pin.slice(0, 7))) === Number(pin[7]))).toBe(
      true,
    );
    const answer = await lab.post('/attack', { pins: pins.join('\n') });
    expect(answer.body).toContain('M7 received');
    expect(answer.body).toContain('WPA PSK');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
    const sent = Number(answer.body.match(/PINs sent<\/th><td>(\d+)/)![1]);
    expect(sent).toBeLessThanOrEqual(1000);
  });

  it('says which half failed, and a wrong checksum digit fails at M6', async () => {
    lab = await startTestLab('wifi-wps-pin-checksum');
    const first = firstHalfFromLog((await lab.get('/')).body);
    const otherFirst = String((Number(first) + 1) % 10_000).padStart(4, '0');
    const wrongFirst = await lab.post('/attempt', { pin: `${otherFirst}0000` });
    expect(wrongFirst.body).toContain('NACK straight after M4');
    expect(wrongFirst.body).not.toContain(lab.flag);
    // Find the right PIN the honest way, then send its first seven digits with a wrong eighth.
    const pins = textarea((await lab.get(`/pins?first=${first}&from=000&to=999`)).body);
    const solved = await lab.post('/attack', { pins: pins.join('\n') });
    const pin = solved.body.match(/WPS PIN: '(\d{8})'/)![1]!;
    const wrongDigit = `${pin.slice(0, 7)}${(Number(pin[7]) + 5) % 10}`;
    const nearMiss = await lab.post('/attempt', { pin: wrongDigit });
    expect(nearMiss.body).toContain('the NACK after M6 means digits 5 to 8 are wrong');
    expect(nearMiss.body).not.toContain('M7 received');
    const exact = await lab.post('/attempt', { pin });
    expect(exact.body).toContain('M7 received');
  });

  it('locks out a second-half brute force that ignores the checksum', async () => {
    lab = await startTestLab('wifi-wps-pin-checksum');
    const first = firstHalfFromLog((await lab.get('/')).body);
    // Every first-seven with a deliberately wrong eighth digit: 1,000 attempts, all NACKed after M6.
    const wrongChecksum = Array.from({ length: 1000 }, (_v, n) => {
      const first7 = `${first}${String(n).padStart(3, '0')}`;
      return `${first7}${(wpsChecksum(Number(first7)) + 1) % 10}`;
    });
    const run = await lab.post('/attack', { pins: wrongChecksum.join('\n') });
    expect(run.body).toContain('NACK after M6 (second half wrong)</th><td>1000');
    expect(run.body).not.toContain(lab.flag);
    // The rest of the window goes on more wrong guesses; then even the right list is refused.
    const more = wrongChecksum
      .slice(0, ATTEMPT_BUDGET - 1000)
      .map((pin) => `${pin.slice(0, 7)}${(Number(pin[7]) + 1) % 10}`);
    const spent = await lab.post('/attack', { pins: more.join('\n') });
    expect(spent.body).toContain(`Attempts left in this window: 0 of ${ATTEMPT_BUDGET}`);
    const right = textarea((await lab.get(`/pins?first=${first}&from=000&to=999`)).body);
    const locked = await lab.post('/attack', { pins: right.join('\n') });
    expect(locked.body).toContain('AP Setup Locked');
    expect(locked.body).not.toContain(lab.flag);
    const single = await lab.post('/attempt', { pin: right[0]! });
    expect(single.body).toContain('the window is used up');
  });

  it('refuses batches over 1,000 PINs and shows the checksum arithmetic', async () => {
    lab = await startTestLab('wifi-wps-pin-checksum');
    const tooMany = Array.from({ length: 1001 }, (_v, n) => String(n).padStart(8, '0'));
    const refused = await lab.post('/attack', { pins: tooMany.join('\n') });
    expect(refused.body).toContain('A batch is 1 to 1000 PINs');
    expect(refused.body).toContain(`Attempts left in this window: ${ATTEMPT_BUDGET} of`);
    const helper = await lab.get('/checksum?first7=4815162');
    expect(helper.body).toContain('48151627');
  });
});
