import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

/** The value handle of the vendor characteristic whose UUID starts with 5d1a<suffix>. */
function valueHandle(body: string, suffix: string): string {
  const m = body.match(
    new RegExp(
      `UUID <code>5D1A${suffix}-[0-9A-F-]+</code><br>Properties: [A-Z, ]+ · value handle <code>(0x[0-9A-F]{4})</code>`,
    ),
  );
  expect(m, `characteristic ${suffix}`).not.toBeNull();
  return m![1]!;
}

/** The hex bytes of a read's answer, as the explorer prints them. */
function readValue(body: string): string {
  const m = body.match(/Value: \(0x\) ([0-9A-F-]+)/);
  expect(m).not.toBeNull();
  return m![1]!.replaceAll('-', ' ');
}

async function connectAndDiscover(lab: TestLab): Promise<string> {
  const scan = await lab.get('/');
  const address = scan.body.match(/<strong>DL2-[0-9A-F]{4}<\/strong> <code>([0-9A-F:]{17})<\/code>/)![1]!;
  const connected = await lab.post('/connect', { address });
  expect(connected.body).toContain('Discover services');
  const gatt = await lab.post('/discover', {});
  expect(gatt.body).toContain('Device Information');
  return gatt.body;
}

describe('lab htm-ble-gatt-writable', () => {
  let lab: TestLab;
  afterEach(() => lab.close());

  it('is solved by reading the debug format and the challenge, then writing an unlock frame without pairing', async () => {
    lab = await startTestLab('htm-ble-gatt-writable');
    const gatt = await connectAndDiscover(lab);
    const control = valueHandle(gatt, '0003');
    const challengeHandle = valueHandle(gatt, '0004');

    // The debug characteristic spells out the frame.
    const debug = await lab.post('/read', { handle: valueHandle(gatt, '0005') });
    expect(debug.body).toContain('frame AA|op|chal[4]; op 01=OPEN');

    // The lock starts locked.
    const state = await lab.post('/read', { handle: valueHandle(gatt, '0002') });
    expect(readValue(state.body)).toBe('01');

    // Notifications on the lock state, then the unlock frame with the current challenge.
    const cccd = gatt.match(
      /Client Characteristic Configuration <code>0x2902<\/code> · handle <code>(0x[0-9A-F]{4})/g,
    )!;
    const stateCccd = cccd[cccd.length - 1]!.match(/(0x[0-9A-F]{4})$/)![1]!;
    await lab.post('/write', { handle: stateCccd, format: 'hex', value: '01 00' });
    const challenge = readValue((await lab.post('/read', { handle: challengeHandle })).body);
    const answer = await lab.post('/write', { handle: control, format: 'hex', value: `AA 01 ${challenge}` });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Write Response (0x13)');
    expect(answer.body).toMatch(/Notification from 0x[0-9A-F]{4}: \(0x\) 00/);
    expect(showsFlag(answer.body, lab.flag)).toBe(true);

    const after = await lab.post('/read', { handle: valueHandle(gatt, '0002') });
    expect(readValue(after.body)).toBe('00');
  });

  it('answers wrong writes with ATT errors and shows no flag for them or for a lock command', async () => {
    lab = await startTestLab('htm-ble-gatt-writable');
    // Nothing works before connecting.
    const early = await lab.post('/write', { handle: '0x0018', format: 'hex', value: 'AA 01 00 00 00 00' });
    expect(early.status).toBe(409);

    const gatt = await connectAndDiscover(lab);
    const control = valueHandle(gatt, '0003');
    const challengeHandle = valueHandle(gatt, '0004');
    const stateHandle = valueHandle(gatt, '0002');
    const write = (handle: string, value: string, format = 'hex') => lab.post('/write', { handle, format, value });

    expect((await write(stateHandle, '00')).body).toContain('Error 0x03 (Write Not Permitted)');
    expect((await write(control, 'AA 01')).body).toContain('Error 0x0D (Invalid Attribute Value Length)');
    expect((await write(control, 'unlock', 'text')).body).toContain('Error 0x13 (Value Not Allowed)');
    expect((await lab.post('/read', { handle: control })).body).toContain('Error 0x02 (Read Not Permitted)');
    expect((await lab.post('/read', { handle: valueHandle(gatt, '0006') })).body).toContain(
      'Error 0x05 (Insufficient Authentication)',
    );
    expect((await lab.post('/raw', { handle: '0x00FF', op: 'read' })).body).toContain('Error 0x01 (Invalid Handle)');

    // A stale or guessed challenge is refused.
    const challenge = readValue((await lab.post('/read', { handle: challengeHandle })).body);
    const guessed = await write(control, 'AA 01 00 00 00 00');
    if (challenge !== '00 00 00 00') expect(guessed.body).toContain('Error 0x80');
    expect(showsFlag(guessed.body, lab.flag)).toBe(false);

    // Locking with the right challenge is accepted, but does not open the door; the challenge then moves on.
    const locked = await write(control, `AA 02 ${challenge}`);
    expect(locked.body).toContain('Write Response (0x13)');
    expect(showsFlag(locked.body, lab.flag)).toBe(false);
    expect(locked.body).not.toContain(lab.flag);
    const replay = await write(control, `AA 01 ${challenge}`);
    expect(replay.body).toContain('Error 0x80');
    expect(showsFlag(replay.body, lab.flag)).toBe(false);

    // Only the lock in scope accepts a connection.
    await lab.post('/disconnect', {});
    const other = await lab.post('/connect', { address: '5A:91:0C:3E:77:12' });
    expect(other.status).toBe(403);
  });
});
