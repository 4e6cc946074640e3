import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

// The learner's own US-layout table, written from the usage-table page, not imported from the lab.
const US: Record<number, [string, string]> = {};
for (let i = 0; i < 26; i += 1) {
  const c = String.fromCharCode(97 + i);
  US[0x04 + i] = [c, c.toUpperCase()];
}
'1!2@3#4$5%6^7&8*9(0)'.match(/../g)!.forEach((p, i) => (US[0x1e + i] = [p[0]!, p[1]!]));
Object.assign(US, {
  0x28: ['\n', '\n'],
  0x2c: [' ', ' '],
  0x2d: ['-', '_'],
  0x2e: ['=', '+'],
  0x33: [';', ':'],
  0x37: ['.', '>'],
  0x38: ['/', '?'],
});

/** Reads the reports as a host would: a key counts when it goes down; Shift (either side) picks the column. */
function typedText(capture: string, honourShift = true): { text: string; guiR: boolean } {
  let held = new Set<number>();
  let out = '';
  let guiR = false;
  for (const line of capture.split('\n')) {
    const m = line.match(/^\s*\d+\.\d+\s+((?:[0-9a-f]{2} ){7}[0-9a-f]{2})$/);
    if (!m) continue;
    const bytes = m[1]!.split(' ').map((b) => parseInt(b, 16));
    const shift = honourShift && (bytes[0]! & 0x22) !== 0;
    const now = new Set(bytes.slice(2).filter((b) => b !== 0));
    for (const usage of now) {
      if (held.has(usage)) continue;
      if (bytes[0]! & 0x08 && usage === 0x15) guiR = true;
      else out += US[usage]![shift ? 1 : 0];
    }
    held = now;
  }
  return { text: out, guiR };
}

async function capturedPassword(lab: TestLab): Promise<{ password: string; capture: string; typed: string }> {
  const capture = await lab.get('/capture.txt');
  expect(capture.status).toBe(200);
  expect(capture.headers['content-type']).toContain('text/plain');
  const { text: typed, guiR } = typedText(capture.body);
  expect(guiR).toBe(true);
  const m = typed.match(
    /^cmd\nnet user svc_print (\S+) \/add && net localgroup administrators svc_print \/add\nexit\n$/,
  );
  expect(m, typed).not.toBeNull();
  return { password: m![1]!, capture: capture.body, typed };
}

describe('lab htm-hid-keystrokes', () => {
  let lab: TestLab;
  let other: TestLab | undefined;
  afterEach(async () => {
    await lab.close();
    await other?.close();
    other = undefined;
  });

  it('is solved by decoding the reports with Shift and a US layout and submitting the password', async () => {
    lab = await startTestLab('htm-hid-keystrokes');
    const home = await lab.get('/');
    expect(home.body).toContain('action="answer"');
    expect(home.body).toContain('US English');

    const { password, capture } = await capturedPassword(lab);
    // The password needs Shift: a capital and two symbols.
    expect(password).toMatch(/^[A-Z][a-z]+[!@#$%&*]\d{4}[!@#$%&*]$/);

    // The decoder names the keys and modifiers of each report, without typing the text for you.
    const shifted = capture.split('\n').find((l) => / (02|20) 00 [0-9a-f]{2} 00/.test(l))!;
    const decoded = await lab.post('/decode', {
      reports: `${shifted}\n00 00 00 00 00 00 00 00\n08 00 15 00 00 00 00 00`,
    });
    expect(decoded.body).toMatch(/(Left|Right) Shift/);
    expect(decoded.body).toContain('(nothing: all keys released)');
    expect(decoded.body).toContain('Left GUI (Windows key)');
    expect(decoded.body).toContain('[R]');

    const answer = await lab.post('/answer', { password });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Finding confirmed');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses the text read without Shift, and the password differs per instance', async () => {
    lab = await startTestLab('htm-hid-keystrokes');
    const { password, capture } = await capturedPassword(lab);
    const unshifted = typedText(capture, false).text.match(/net user svc-print (\S+) /)![1]!;
    expect(unshifted).not.toBe(password);
    const wrong = await lab.post('/answer', { password: unshifted });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('Shift was down');
    expect(wrong.body).not.toContain(lab.flag);
    expect(showsFlag(wrong.body, lab.flag)).toBe(false);

    const lower = await lab.post('/answer', { password: password.toLowerCase() });
    expect(showsFlag(lower.body, lab.flag)).toBe(false);

    // Another start of the lab types another password (with 12×9000×49 choices, a clash is rare enough to retry).
    let otherPassword = password;
    for (let i = 0; i < 3 && otherPassword === password; i += 1) {
      await other?.close();
      other = await startTestLab('htm-hid-keystrokes');
      otherPassword = (await capturedPassword(other)).password;
    }
    expect(otherPassword).not.toBe(password);
  });

  it('rejects a paste that is not made of 8-byte reports, row by row', async () => {
    lab = await startTestLab('htm-hid-keystrokes');
    const decoded = await lab.post('/decode', { reports: '02 00 1f\n0.5 02:00:1f:00:00:00:00:00' });
    expect(decoded.body).toContain('not an 8-byte report');
    expect(decoded.body).toContain('[2 @]');
  });
});
