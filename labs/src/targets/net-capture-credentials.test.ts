import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';
import { buildCapture } from './net-capture-credentials';
import { compileFilter, FilterError, internetChecksum, pcapFile } from './net-pcap';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

const unescape = (html: string) =>
  html
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** The packet list as rows of cells, as a learner reads it. */
function rows(body: string): { no: number; src: string; dst: string; protocol: string; info: string }[] {
  return [
    ...body.matchAll(
      /<tr><td><a href="[^"]*">(\d+)<\/a><\/td><td>[\d.]+<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g,
    ),
  ].map((m) => ({ no: Number(m[1]), src: m[2]!, dst: m[3]!, protocol: m[4]!, info: unescape(m[5]!) }));
}

const list = (lab: TestLab, filter: string) => lab.get(`/?filter=${encodeURIComponent(filter)}`);

/** Reads both logins and the server's answers from the capture pages, as a learner would. */
async function findWorkingLogin(lab: TestLab): Promise<{ working: string; refused: string }> {
  const logins: { credentials: string; accepted: boolean }[] = [];
  // FTP: USER and PASS in the packet list, then the reply code.
  const ftp = rows((await list(lab, 'ftp')).body);
  const user = ftp.find((r) => r.info.startsWith('Request: USER '))!.info.slice('Request: USER '.length);
  const pass = ftp.find((r) => r.info.startsWith('Request: PASS '))!.info.slice('Request: PASS '.length);
  const verdict = ftp.find((r) => /^Response: (230|530)/.test(r.info))!;
  logins.push({ credentials: `${user}:${pass}`, accepted: verdict.info.startsWith('Response: 230') });
  // HTTP Basic: the packet's dissection decodes the Authorization header.
  const http = rows((await list(lab, 'http')).body);
  const withAuth = rows((await list(lab, 'http.authorization')).body);
  expect(withAuth).toHaveLength(1);
  const detail = unescape((await lab.get(`/packet/${withAuth[0]!.no}`)).body);
  const credentials = /Credentials: ([^<]+)</.exec(detail)![1]!;
  const reply = http.find((r) => r.no > withAuth[0]!.no && r.info.startsWith('HTTP/1.1'))!;
  logins.push({ credentials, accepted: reply.info.startsWith('HTTP/1.1 200') });
  expect(logins.filter((l) => l.accepted)).toHaveLength(1);
  return {
    working: logins.find((l) => l.accepted)!.credentials,
    refused: logins.find((l) => !l.accepted)!.credentials,
  };
}

/** A libpcap reader, written from the format's description, to check the download. */
function readPcap(file: Buffer): { micros: number; frame: Buffer }[] {
  expect(file.readUInt32LE(0)).toBe(0xa1b2c3d4);
  expect(file.readUInt16LE(4)).toBe(2);
  expect(file.readUInt16LE(6)).toBe(4);
  expect(file.readUInt32LE(20)).toBe(1);
  const records: { micros: number; frame: Buffer }[] = [];
  let offset = 24;
  while (offset < file.length) {
    const seconds = file.readUInt32LE(offset);
    const micros = file.readUInt32LE(offset + 4);
    const included = file.readUInt32LE(offset + 8);
    expect(file.readUInt32LE(offset + 12)).toBe(included);
    records.push({ micros: seconds * 1e6 + micros, frame: file.subarray(offset + 16, offset + 16 + included) });
    offset += 16 + included;
  }
  expect(offset).toBe(file.length);
  return records;
}

describe('lab net-capture-credentials', () => {
  let lab: TestLab;
  afterEach(() => lab.close());

  it('is solved by finding the clear-text login the server accepted', async () => {
    lab = await startTestLab('net-capture-credentials');
    const home = await lab.get('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('action="answer"');
    expect(rows(home.body).some((r) => r.protocol === 'ARP' && r.info.endsWith('is at 08:00:27:5e:c4:91'))).toBe(true);
    const { working } = await findWorkingLogin(lab);
    const answer = await lab.post('/answer', { credentials: working });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Credentials confirmed');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses the login the server refused, wrong passwords and made-up users', async () => {
    lab = await startTestLab('net-capture-credentials');
    const { working, refused } = await findWorkingLogin(lab);
    const [user, password] = working.split(':') as [string, string];
    for (const [credentials, says] of [
      [refused, 'the server refused it'],
      [`${user}:${password}x`, 'not the password that was sent'],
      [`${user}:${password.toLowerCase()}`, 'not the password that was sent'],
      [user, 'user:password'],
      ['admin:admin', 'No login in this capture'],
    ] as const) {
      const answer = await lab.post('/answer', { credentials });
      expect(answer.body, credentials).toContain(says);
      expect(answer.body, credentials).not.toContain(lab.flag);
      expect(showsFlag(answer.body, lab.flag)).toBe(false);
    }
  });

  it('serves a libpcap file with the same frames and correct IPv4, TCP and UDP checksums', async () => {
    lab = await startTestLab('net-capture-credentials');
    const response = await lab.app.inject({ method: 'GET', url: `${lab.base}/capture.pcap` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.tcpdump.pcap');
    const records = readPcap(response.rawPayload);
    const all = rows((await lab.get('/')).body);
    expect(records).toHaveLength(all.length);
    let tcp = 0;
    let udp = 0;
    for (const { frame } of records) {
      expect(frame.length).toBeGreaterThanOrEqual(42);
      const type = frame.readUInt16BE(12);
      if (type === 0x0806) {
        expect(frame.readUInt16BE(20)).toBeGreaterThanOrEqual(1);
        continue;
      }
      expect(type).toBe(0x0800);
      const ip = frame.subarray(14, 34);
      expect(internetChecksum([...ip])).toBe(0);
      const total = ip.readUInt16BE(2);
      const payload = frame.subarray(34, 14 + total);
      const pseudo = [...ip.subarray(12, 20), 0, ip[9]!, payload.length >> 8, payload.length & 0xff];
      expect(internetChecksum([...pseudo, ...payload]), `frame ${frame.toString('hex', 0, 20)}`).toBe(0);
      if (ip[9] === 6) tcp += 1;
      else udp += 1;
    }
    expect(tcp).toBeGreaterThan(30);
    expect(udp).toBe(4);
    // The clear-text password is in the file's bytes, as Wireshark would show it.
    const { working } = await findWorkingLogin(lab);
    const [user, password] = working.split(':') as [string, string];
    const raw = response.rawPayload;
    expect(
      raw.includes(Buffer.from(`PASS ${password}`)) ||
        raw.includes(Buffer.from(Buffer.from(`${user}:${password}`).toString('base64'))),
    ).toBe(true);
  });

  it('filters like a packet analyser, and says when a filter is wrong', async () => {
    lab = await startTestLab('net-capture-credentials');
    const all = rows((await lab.get('/')).body);
    const arp = rows((await list(lab, 'arp')).body);
    expect(arp.length).toBeGreaterThan(10);
    expect(arp.every((r) => r.protocol === 'ARP')).toBe(true);
    const pc = rows((await list(lab, 'ip.addr == 10.20.30.45 && !tcp')).body);
    expect(pc.map((r) => r.protocol)).toEqual(['DNS', 'DNS', 'DNS', 'DNS']);
    const ftpPort = rows((await list(lab, 'tcp.port == 21')).body);
    expect(ftpPort.every((r) => r.protocol === 'FTP' || r.protocol === 'TCP')).toBe(true);
    const pass = rows((await list(lab, 'frame contains "PASS"')).body);
    expect(pass).toHaveLength(1);
    const either = rows((await list(lab, '(arp or dns) and not arp')).body);
    expect(either.every((r) => r.protocol === 'DNS')).toBe(true);
    expect(rows((await list(lab, '')).body)).toHaveLength(all.length);
    for (const bad of ['ftp &&', 'nosuchproto', 'ip.addr ==', '"unclosed', '(arp']) {
      const answer = await list(lab, bad);
      expect(answer.status, bad).toBe(200);
      expect(answer.body, bad).toContain('Invalid filter');
      expect(rows(answer.body), bad).toHaveLength(0);
    }
    const stream = unescape((await lab.get('/stream/1')).body);
    expect(stream).toContain('220 (vsFTPd 3.0.5)');
    expect(stream).toMatch(/USER \S+/);
  });
});

describe('the generated capture', () => {
  const fakeLab = (seed: string) => ({
    instanceSecret: (purpose: string) => createHash('sha256').update(`${seed}/${purpose}`).digest('hex').slice(0, 32),
  });

  it('varies the credentials and which protocol carries the working login', () => {
    const seen = new Set<string>();
    const vias = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const capture = buildCapture(fakeLab(`c-${i}`));
      const accepted = capture.logins.filter((l) => l.accepted);
      expect(accepted).toHaveLength(1);
      seen.add(`${accepted[0]!.user}:${accepted[0]!.password}`);
      vias.add(accepted[0]!.via);
      // Deterministic per instance.
      expect(pcapFile(buildCapture(fakeLab(`c-${i}`)).packets).equals(pcapFile(capture.packets))).toBe(true);
    }
    expect(seen.size).toBeGreaterThan(15);
    expect(vias).toEqual(new Set(['ftp', 'http']));
  });

  it('numbers TCP sequence numbers so each side acknowledges what the other sent', () => {
    const capture = buildCapture(fakeLab('seq'));
    const ftp = capture.packets.filter((p) => p.stream === 1);
    let clientNext = -1;
    for (const packet of ftp) {
      const bytes = Buffer.from(packet.bytes);
      const ihl = (bytes[14]! & 0x0f) * 4;
      const tcp = bytes.subarray(14 + ihl);
      const fromClient = packet.src === '10.20.30.45';
      const seq = tcp.readUInt32BE(4);
      const flags = tcp[13]!;
      const length = Number(packet.fields.get('tcp.len')![0]);
      if (fromClient) {
        if (clientNext >= 0) expect(seq).toBe(clientNext);
        clientNext = (seq + length + (flags & 0x02 ? 1 : 0) + (flags & 0x01 ? 1 : 0)) >>> 0;
      } else if (clientNext >= 0 && flags & 0x10) {
        expect(tcp.readUInt32BE(8)).toBe(clientNext);
      }
    }
  });

  it('rejects filter names it does not know', () => {
    const capture = buildCapture(fakeLab('f'));
    expect(() => compileFilter('ftp.request.command == "USER"', capture.known)).not.toThrow();
    expect(() => compileFilter('bogus.field == 1', capture.known)).toThrow(FilterError);
  });
});
