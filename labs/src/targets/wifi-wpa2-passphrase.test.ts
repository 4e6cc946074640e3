import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';
import { eapolMic, micOf, wpa2Pmk, wpa2Ptk } from './wifi-wpa2';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

/** The fields of a hashcat 22000 line (WPA*02*MIC*AP*CLIENT*ESSID*ANONCE*EAPOL*PAIR). */
function parse22000(line: string) {
  const [kind, type, mic, ap, client, essid, aNonce, eapol, pair] = line.trim().split('*');
  expect(kind).toBe('WPA');
  expect(type).toBe('02');
  expect(pair).toBe('00');
  return {
    mic: Buffer.from(mic!, 'hex'),
    ap: Buffer.from(ap!, 'hex'),
    client: Buffer.from(client!, 'hex'),
    ssid: Buffer.from(essid!, 'hex').toString('utf8'),
    aNonce: Buffer.from(aNonce!, 'hex'),
    eapol: Buffer.from(eapol!, 'hex'),
  };
}

/** What hashcat -m 22000 does with the line: every candidate's PMK, PTK and MIC. */
function crack(line: string, words: string[]): string | undefined {
  const hs = parse22000(line);
  // The SNonce travels inside message 2 itself (bytes 17 to 48 of the EAPOL frame).
  const sNonce = hs.eapol.subarray(17, 49);
  return words.find((word) => {
    if (word.length < 8 || word.length > 63) return false;
    const ptk = wpa2Ptk(wpa2Pmk(word, hs.ssid), hs.ap, hs.client, hs.aNonce, sNonce);
    return eapolMic(ptk.kck, hs.eapol).equals(hs.mic);
  });
}

function attr(html: string, name: string): string {
  return html.match(new RegExp(`data-${name}="([^"]*)"`))![1]!;
}

describe('lab wifi-wpa2-passphrase', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved by running the wordlist against the captured MIC and submitting the passphrase', async () => {
    lab = await startTestLab('wifi-wpa2-passphrase');
    const home = await lab.get('/');
    expect(home.status).toBe(200);
    expect(home.body).not.toContain(lab.flag);
    const line = (await lab.get('/handshake.hc22000')).body;
    const words = (await lab.get('/wordlist.txt')).body.split('\n').filter(Boolean);
    expect(words.length).toBeGreaterThanOrEqual(55);
    const found = crack(line, words);
    expect(found).toBeDefined();
    // The 22000 line is the same handshake the page shows.
    expect(parse22000(line).mic.toString('hex')).toBe(
      micOf(Buffer.from(attr(home.body, 'eapol'), 'hex')).toString('hex'),
    );
    const answer = await lab.post('/submit', { passphrase: found! });
    expect(answer.body).toContain('KEY FOUND!');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('gives every start its own network and passphrase', async () => {
    lab = await startTestLab('wifi-wpa2-passphrase');
    const first = (await lab.get('/handshake.hc22000')).body;
    await lab.close();
    lab = await startTestLab('wifi-wpa2-passphrase');
    const second = (await lab.get('/handshake.hc22000')).body;
    expect(second).not.toBe(first);
  });

  it('refuses a wrong candidate by its MIC and rejects one too short for WPA2', async () => {
    lab = await startTestLab('wifi-wpa2-passphrase');
    const line = (await lab.get('/handshake.hc22000')).body;
    const words = (await lab.get('/wordlist.txt')).body.split('\n').filter(Boolean);
    const found = crack(line, words)!;
    const wrong = words.find((w) => w !== found && w.length >= 8)!;
    const answer = await lab.post('/submit', { passphrase: wrong });
    expect(answer.body).toContain('MIC mismatch');
    expect(answer.body).not.toContain(lab.flag);
    const short = await lab.post('/submit', { passphrase: 'chai' });
    expect(short.body).toContain('Rejected');
    expect(short.body).not.toContain(lab.flag);
    // Near miss: the right passphrase with its last character changed.
    const nearMiss = await lab.post('/submit', {
      passphrase: `${found.slice(0, -1)}${found.endsWith('1') ? '2' : '1'}`,
    });
    expect(nearMiss.body).not.toContain(lab.flag);
  });

  it('serves the browser tool, which finds the same passphrase with WebCrypto', async () => {
    lab = await startTestLab('wifi-wpa2-passphrase');
    const home = await lab.get('/');
    expect(home.body).toContain('/_lab/target/wifi-wpa2-passphrase/wpa2-audit.js');
    const script = await lab.get('/_lab/target/wifi-wpa2-passphrase/wpa2-audit.js');
    expect(script.status).toBe(200);
    // Run our own asset outside a browser: with no page elements it only defines its functions.
    const sandbox: Record<string, unknown> = {
      crypto: globalThis.crypto,
      TextEncoder,
      document: { getElementById: () => null },
    };
    sandbox.window = sandbox;
    runInNewContext(script.body, sandbox);
    const tool = sandbox.ehcWpa2Audit as {
      fromHex(text: string): Uint8Array;
      audit(hs: unknown, words: string[]): Promise<{ found: string | null; rejected: number }>;
    };
    const hs = {
      ssid: attr(home.body, 'ssid'),
      ap: tool.fromHex(attr(home.body, 'ap')),
      client: tool.fromHex(attr(home.body, 'client')),
      aNonce: tool.fromHex(attr(home.body, 'anonce')),
      sNonce: tool.fromHex(attr(home.body, 'snonce')),
      eapol: tool.fromHex(attr(home.body, 'eapol')),
    };
    const words = (await lab.get('/wordlist.txt')).body.split('\n').filter(Boolean);
    const result = await tool.audit(hs, words);
    expect(result.found).toBe(crack((await lab.get('/handshake.hc22000')).body, words));
  });

  it('offers the capture as a real pcap with the four EAPOL-Key frames', async () => {
    lab = await startTestLab('wifi-wpa2-passphrase');
    const home = await lab.get('/');
    const response = await lab.app.inject({ method: 'GET', url: `${lab.base}/handshake.pcap` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.tcpdump.pcap');
    const pcap = response.rawPayload;
    expect(pcap.readUInt32LE(0)).toBe(0xa1b2c3d4);
    expect(pcap.readUInt32LE(20)).toBe(127); // radiotap
    let offset = 24;
    const eapol: Buffer[] = [];
    while (offset < pcap.length) {
      const length = pcap.readUInt32LE(offset + 8);
      const frame = pcap.subarray(offset + 16, offset + 16 + length);
      const radiotap = frame.readUInt16LE(2);
      const body = frame.subarray(radiotap);
      // Data frames (type 2) with LLC/SNAP 0x888e after a 24-byte header.
      if ((body[0]! & 0x0c) === 0x08 && body.readUInt16BE(30) === 0x888e) eapol.push(body.subarray(32));
      offset += 16 + length;
    }
    expect(eapol).toHaveLength(4);
    expect(eapol[1]!.toString('hex')).toBe(attr(home.body, 'eapol'));
    const detail = await lab.get('/frame/7');
    expect(detail.body).toContain('EAPOL-Key, message 2 of 4');
    expect(detail.body).toContain('Key MIC');
  });
});
