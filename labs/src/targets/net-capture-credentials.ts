// A capture from a LAN test, generated per instance: the learner's laptop ARP-spoofed
// between an accounts PC and the office server (arpspoof both ways), and tcpdump kept the
// ARP traffic plus every frame the laptop received from others. In it: the spoofed ARP
// replies, a printer's ARP request, DNS lookups, HTTP to the intranet (one page behind
// Basic authentication) and an FTP session. Two logins cross the wire in clear text, one
// over HTTP Basic and one over FTP; only one of them is accepted by the server. The
// packets are built byte by byte (net-pcap.ts) and shown as a packet list with a display
// filter, a dissection and hex dump per packet, a "follow TCP stream" view, and a real
// libpcap file (GET /capture.pcap). The learner submits the working user:password.
import {
  download,
  esc,
  LabInputError,
  page,
  redirect,
  type LabRequest,
  type LabResponse,
  type LabTarget,
  type LabTools,
} from '../host/lab-kit';
import {
  arpFrame,
  compileFilter,
  dnsMessage,
  FilterError,
  hexDump,
  numberFrames,
  pcapFile,
  TcpFlow,
  udpFrame,
  type AppLayer,
  type Field,
  type Frame,
  type Packet,
  type Station,
} from './net-pcap';
import { seededRandom } from './net-random';

const ATTACKER = { mac: '08:00:27:5e:c4:91', ip: '10.20.30.66' };
const PC_MAC = '3c:52:82:4e:19:a7';
const SERVER_MAC = '00:50:56:a1:2b:3c';
const PRINTER = { mac: '00:1b:a9:7d:22:10', ip: '10.20.30.80' };
const GATEWAY_IP = '10.20.30.1';
const PC_IP = '10.20.30.45';
const SERVER_IP = '10.20.30.10';

const USERS = [
  'anil.desai',
  'meena.iyer',
  'rahul.verma',
  'sunita.rao',
  'farhan.sheikh',
  'kavya.menon',
  'joseph.dsouza',
  'harpreet.kaur',
];
const WORDS = [
  'Monsoon',
  'Kaveri',
  'Ganga',
  'Diwali',
  'Cricket',
  'Masala',
  'Sahyadri',
  'Himalaya',
  'Jasmine',
  'Peacock',
  'Lotus',
  'Coconut',
  'Mango',
  'Banyan',
  'Tulsi',
  'Chai',
];

export interface Login {
  user: string;
  password: string;
  via: 'ftp' | 'http';
  accepted: boolean;
  /** The packet with the server's verdict. */
  verdict: number;
}

export interface Capture {
  packets: Packet[];
  logins: Login[];
  /** Names the display filter accepts. */
  known: Set<string>;
}

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36';
const HTTP_DATE = 'Thu, 12 Mar 2026 04:44:';

function httpApp(text: string, kind: 'request' | 'response'): AppLayer {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const lines = head.split('\r\n');
  const first = lines[0]!;
  const fields: Field[] = lines.map((line) => {
    const field: Field = { text: `${line}\\r\\n` };
    const auth = /^Authorization: Basic (\S+)$/i.exec(line);
    if (auth) field.children = [{ text: `Credentials: ${Buffer.from(auth[1]!, 'base64').toString('latin1')}` }];
    return field;
  });
  fields.push({ text: '\\r\\n' });
  if (body) fields.push({ text: `Line-based text data (${Buffer.byteLength(body, 'latin1')} bytes)` });
  const filterFields: [string, string | number][] = [['http', '']];
  const header = (name: string) =>
    lines.find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}: `))?.slice(name.length + 2);
  let info = first;
  if (kind === 'request') {
    const [method = '', uri = ''] = first.split(' ');
    filterFields.push(['http.request', ''], ['http.request.method', method], ['http.request.uri', uri]);
    const host = header('Host');
    if (host) filterFields.push(['http.host', host]);
    const authorization = header('Authorization');
    if (authorization) filterFields.push(['http.authorization', authorization]);
  } else {
    const code = first.split(' ')[1] ?? '';
    filterFields.push(['http.response', ''], ['http.response.code', code]);
    const type = header('Content-Type')?.split(';')[0];
    if (type) info = `${first}  (${type})`;
    const challenge = header('WWW-Authenticate');
    if (challenge) filterFields.push(['http.www_authenticate', challenge]);
  }
  return { protocol: 'HTTP', info, title: 'Hypertext Transfer Protocol', fields, filterFields };
}

function ftpApp(line: string, fromClient: boolean): AppLayer {
  const text = line.replace(/\r\n$/, '');
  const space = text.indexOf(' ');
  const head = space < 0 ? text : text.slice(0, space);
  const arg = space < 0 ? '' : text.slice(space + 1);
  const kind = fromClient ? 'Request' : 'Response';
  const children: Field[] = fromClient
    ? [{ text: `Request command: ${head}` }, ...(arg ? [{ text: `Request arg: ${arg}` }] : [])]
    : [{ text: `Response code: ${head}` }, { text: `Response arg: ${arg}` }];
  const filterFields: [string, string | number][] = [['ftp', '']];
  if (fromClient) {
    filterFields.push(['ftp.request', 1], ['ftp.request.command', head]);
    if (arg) filterFields.push(['ftp.request.arg', arg]);
  } else filterFields.push(['ftp.response', 1], ['ftp.response.code', head], ['ftp.response.arg', arg]);
  return {
    protocol: 'FTP',
    info: `${kind}: ${text}`,
    title: 'File Transfer Protocol (FTP)',
    fields: [{ text: `${text}\\r\\n`, children }],
    filterFields,
  };
}

function page200(title: string, items: string[]): string {
  const body = `<!DOCTYPE html>\n<html><head><title>${title}</title></head>\n<body><h1>${title}</h1>\n<ul>\n${items.map((i) => `<li>${i}</li>`).join('\n')}\n</ul>\n</body></html>\n`;
  return body;
}

/** The capture of this instance, deterministic from its secret. */
export function buildCapture(lab: Pick<LabTools, 'instanceSecret'>): Capture {
  const random = seededRandom(lab.instanceSecret('net-capture-credentials'));
  const users = random.shuffle(USERS);
  const words = random.shuffle(WORDS);
  const password = (word: string) => `${word}${random.pick(['@', '#', '!', '$'])}${random.between(1000, 9999)}`;
  const winnerVia: 'ftp' | 'http' = random.int(2) ? 'ftp' : 'http';
  const good = { user: users[0]!, password: password(words[0]!) };
  const bad = { user: users[1]!, password: password(words[1]!) };
  const httpLogin = winnerVia === 'http' ? good : bad;
  const ftpLogin = winnerVia === 'ftp' ? good : bad;

  const pc: Station = { mac: PC_MAC, ip: PC_IP, ttl: 128, ipId: random.between(0x1000, 0xefff) };
  const server: Station = { mac: SERVER_MAC, ip: SERVER_IP, ttl: 64, ipId: random.between(0x1000, 0xefff) };
  // Both victims are poisoned: each sends the other's traffic to the attacker's MAC.
  const via = ATTACKER.mac;
  const frames: { frame: Frame; at: number }[] = [];
  const add = (at: number, frame: Frame) => frames.push({ frame, at });
  const spoof = (at: number) => {
    add(
      at,
      arpFrame({
        op: 'reply',
        ethSrc: ATTACKER.mac,
        ethDst: PC_MAC,
        senderMac: ATTACKER.mac,
        senderIp: SERVER_IP,
        targetMac: PC_MAC,
        targetIp: PC_IP,
        received: false,
      }),
    );
    add(
      at + 0.000412,
      arpFrame({
        op: 'reply',
        ethSrc: ATTACKER.mac,
        ethDst: SERVER_MAC,
        senderMac: ATTACKER.mac,
        senderIp: PC_IP,
        targetMac: SERVER_MAC,
        targetIp: SERVER_IP,
        received: false,
      }),
    );
  };
  const dns = (at: number, name: string) => {
    const id = random.int(0x10000);
    const port = random.between(49152, 65535);
    const query = dnsMessage(id, name);
    add(
      at,
      udpFrame({
        from: pc,
        to: server,
        ethSrc: PC_MAC,
        ethDst: via,
        sport: port,
        dport: 53,
        payload: query.bytes,
        app: query.app,
        received: true,
      }),
    );
    const answer = dnsMessage(id, name, SERVER_IP);
    add(
      at + 0.000861,
      udpFrame({
        from: server,
        to: pc,
        ethSrc: SERVER_MAC,
        ethDst: via,
        sport: 53,
        dport: port,
        payload: answer.bytes,
        app: answer.app,
        received: true,
      }),
    );
  };
  const flow = (stream: number, port: number) =>
    new TcpFlow(
      stream,
      { station: pc, port: random.between(49152, 65535), window: 64240, ethViaMac: via },
      { station: server, port, window: 65160, ethViaMac: via },
      random.next(),
      random.next(),
    );

  spoof(0);
  add(
    0.381207,
    arpFrame({
      op: 'request',
      ethSrc: PRINTER.mac,
      ethDst: 'ff:ff:ff:ff:ff:ff',
      senderMac: PRINTER.mac,
      senderIp: PRINTER.ip,
      targetMac: '00:00:00:00:00:00',
      targetIp: GATEWAY_IP,
      received: true,
    }),
  );

  // HTTP: the notice board, then the reports area behind Basic authentication.
  dns(1.20114, 'intranet.kaveri.lan');
  const web = flow(0, 80);
  const [syn, synAck, ack] = web.open();
  add(1.21003, syn!);
  add(1.21041, synAck!);
  add(1.21089, ack!);
  const get = (uri: string, auth?: string) =>
    `GET ${uri} HTTP/1.1\r\nHost: intranet.kaveri.lan\r\nUser-Agent: ${UA}\r\nAccept: text/html,application/xhtml+xml\r\nAccept-Language: en-IN,en;q=0.9\r\n${auth ? `Authorization: Basic ${auth}\r\n` : ''}Connection: keep-alive\r\n\r\n`;
  const respond = (status: string, second: number, body: string, extra = '') =>
    `HTTP/1.1 ${status}\r\nDate: ${HTTP_DATE}${String(second).padStart(2, '0')} GMT\r\nServer: Apache/2.4.58 (Ubuntu)\r\n${extra}Content-Length: ${body.length}\r\nKeep-Alive: timeout=5, max=100\r\nConnection: Keep-Alive\r\nContent-Type: text/html; charset=UTF-8\r\n\r\n${body}`;
  let text = get('/notices/');
  add(1.21254, web.send(true, text, httpApp(text, 'request')));
  add(1.21307, web.ack(false));
  text = respond(
    '200 OK',
    4,
    page200('Notice board', ['Canteen closed on Holi, 14 March', 'New dispatch software training: Friday 3 pm']),
  );
  add(1.21581, web.send(false, text, httpApp(text, 'response')));
  add(1.23016, web.ack(true));
  spoof(2.00031);
  text = get('/reports/');
  add(3.40442, web.send(true, text, httpApp(text, 'request')));
  const unauthorized =
    '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>401 Unauthorized</title>\n</head><body>\n<h1>Unauthorized</h1>\n</body></html>\n';
  text = respond('401 Unauthorized', 6, unauthorized, 'WWW-Authenticate: Basic realm="Kaveri Reports"\r\n');
  add(3.40761, web.send(false, text, httpApp(text, 'response')));
  add(3.41529, web.ack(true));
  spoof(4.00044);
  const basic = Buffer.from(`${httpLogin.user}:${httpLogin.password}`, 'latin1').toString('base64');
  text = get('/reports/', basic);
  add(5.90317, web.send(true, text, httpApp(text, 'request')));
  text =
    winnerVia === 'http'
      ? respond(
          '200 OK',
          8,
          page200('Monthly dispatch reports', ['February 2026 (PDF)', 'January 2026 (PDF)', 'Vendor ageing summary']),
        )
      : respond('401 Unauthorized', 8, unauthorized, 'WWW-Authenticate: Basic realm="Kaveri Reports"\r\n');
  add(5.90702, web.send(false, text, httpApp(text, 'response')));
  add(5.92119, web.ack(true));
  spoof(6.00029);

  // FTP to the same server.
  dns(7.10217, 'ftp.kaveri.lan');
  const ftp = flow(1, 21);
  const [fSyn, fSynAck, fAck] = ftp.open();
  add(7.11021, fSyn!);
  add(7.11063, fSynAck!);
  add(7.11102, fAck!);
  const ftpSay = (at: number, fromClient: boolean, line: string) =>
    add(at, ftp.send(fromClient, line, ftpApp(line, fromClient)));
  ftpSay(7.11488, false, '220 (vsFTPd 3.0.5)\r\n');
  add(7.31022, ftp.ack(true));
  spoof(8.00037);
  ftpSay(9.30114, true, `USER ${ftpLogin.user}\r\n`);
  add(9.30141, ftp.ack(false));
  ftpSay(9.30177, false, '331 Please specify the password.\r\n');
  add(9.50301, ftp.ack(true));
  spoof(10.00052);
  ftpSay(11.60233, true, `PASS ${ftpLogin.password}\r\n`);
  add(11.60262, ftp.ack(false));
  if (winnerVia === 'ftp') {
    ftpSay(11.63511, false, '230 Login successful.\r\n');
    add(11.83044, ftp.ack(true));
    spoof(12.00041);
    ftpSay(12.81007, true, 'PWD\r\n');
    ftpSay(12.81049, false, `257 "/home/${ftpLogin.user}" is the current directory\r\n`);
  } else {
    // vsftpd waits before answering a failed login.
    ftpSay(12.20486, false, '530 Login incorrect.\r\n');
    add(12.40031, ftp.ack(true));
    spoof(12.00041);
  }
  ftpSay(13.52113, true, 'QUIT\r\n');
  ftpSay(13.52151, false, '221 Goodbye.\r\n');
  add(13.52163, ftp.fin(false));
  add(13.52204, ftp.ack(true));
  add(13.52231, ftp.fin(true));
  add(13.52262, ftp.ack(false));
  spoof(14.00038);

  frames.sort((a, b) => a.at - b.at);
  const start = Date.UTC(2026, 2, 12, 4, 44, 3) * 1000 + random.int(1_000_000);
  const packets = numberFrames(frames, start);
  const known = new Set([
    'frame',
    'eth',
    'arp',
    'ip',
    'tcp',
    'udp',
    'dns',
    'http',
    'ftp',
    'icmp',
    'telnet',
    'smb',
    'smb2',
    'tls',
    'ssh',
    'ipv6',
  ]);
  for (const packet of packets) for (const name of packet.fields.keys()) known.add(name);
  // The packet in which the server answered each login.
  const answered = (field: string, code: string, after: number) =>
    packets.find((p) => p.time > after && p.fields.get(field)?.includes(code))!.no;
  return {
    packets,
    logins: [
      {
        ...httpLogin,
        via: 'http',
        accepted: winnerVia === 'http',
        verdict: answered('http.response.code', winnerVia === 'http' ? '200' : '401', 5),
      },
      {
        ...ftpLogin,
        via: 'ftp',
        accepted: winnerVia === 'ftp',
        verdict: answered('ftp.response.code', winnerVia === 'ftp' ? '230' : '530', 11),
      },
    ],
    known,
  };
}

// ---------------------------------------------------------------------------------------
// Pages: the packet list with a display filter, one packet, one TCP stream, the answer.

const MAX_FILTER = 200;
const QUICK_FILTERS = ['arp', 'dns', 'http', 'ftp', 'tcp.port == 21', 'ip.addr == 10.20.30.45'];

function readFilter(request: LabRequest): string {
  const filter = (request.query.get('filter') ?? '').trim();
  if (filter.length > MAX_FILTER)
    throw new LabInputError(`Display filters longer than ${MAX_FILTER} characters are not accepted.`);
  return filter;
}

function filtered(capture: Capture, filter: string): { packets: Packet[]; error?: string } {
  if (!filter) return { packets: capture.packets };
  try {
    const predicate = compileFilter(filter, capture.known);
    return { packets: capture.packets.filter(predicate) };
  } catch (error) {
    if (error instanceof FilterError) return { packets: [], error: error.message };
    throw error;
  }
}

/** A link relative to the page: `up` is '' on pages at the top (/, /answer), '../' below them. */
const link = (up: string, path: string, filter = '') =>
  `${up || './'}${path}${filter ? `?filter=${encodeURIComponent(filter)}` : ''}`;

function filterForm(filter: string, error?: string): string {
  return `<form method="get" action="./" class="lab-form" role="search">
  <label>Display filter <input name="filter" value="${esc(filter)}" maxlength="${MAX_FILTER}" autocapitalize="off" autocomplete="off" spellcheck="false" placeholder="ftp || http"></label>
  <button type="submit">Apply</button>
</form>
${error ? `<p class="lab-error" role="alert">Invalid filter: ${esc(error)}</p>` : ''}
<p>Quick filters: ${QUICK_FILTERS.map((f) => `<a href="${esc(link('', '', f))}"><code>${esc(f)}</code></a>`).join(' · ')} · <a href="./">clear</a></p>`;
}

function answerForm(value = ''): string {
  return `<section class="lab-card" aria-labelledby="answer-title">
<h2 id="answer-title">Report the credentials</h2>
<p>Which login in this capture worked? Give it as <code>user:password</code>.</p>
<form method="post" action="answer" class="lab-form">
  <label>Credentials (user:password) <input name="credentials" value="${esc(value)}" maxlength="200" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
  <button type="submit">Check</button>
</form>
</section>`;
}

function listPage(capture: Capture, filter: string, extra = ''): LabResponse {
  const { packets, error } = filtered(capture, filter);
  const rows = packets
    .map(
      (p) =>
        `<tr><td><a href="${esc(link('', `packet/${p.no}`, filter))}">${p.no}</a></td><td>${p.time.toFixed(6)}</td><td>${esc(p.src)}</td><td>${esc(p.dst)}</td><td>${esc(p.protocol)}</td><td>${esc(p.info)}</td></tr>`,
    )
    .join('\n');
  return page(
    'Capture: Kaveri LAN',
    `<h1>Capture from the Kaveri LAN</h1>
<p>Kaveri Textiles (a fictional company; its staff are fictional too) authorised an internal test that names two hosts and a one-hour window: the accounts PC <code>${PC_IP}</code> and the office server <code>${SERVER_IP}</code>. From your laptop (<code>${ATTACKER.ip}</code>, MAC <code>${ATTACKER.mac}</code>) you ran <code>arpspoof -i eth0 -t ${PC_IP} -r ${SERVER_IP}</code> and captured with <code>tcpdump -i eth0 -w capture.pcap 'arp or not ether src ${ATTACKER.mac}'</code>: the ARP traffic, and every frame the laptop received. Find the clear-text login that worked. Outside such a written scope, spoofing a LAN and reading its traffic is an offence; inside it, captured passwords are evidence to protect, never to reuse.</p>
${extra}
${filterForm(filter, error)}
<p>${error ? 'No packets shown.' : `Displayed: ${packets.length} of ${capture.packets.length} packets.`} Tap a number for the packet's layers and bytes. <a href="capture.pcap" download="kaveri-lan.pcap">Download capture.pcap</a> for Wireshark.</p>
${
  packets.length
    ? `<table>
<thead><tr><th scope="col">No.</th><th scope="col">Time</th><th scope="col">Source</th><th scope="col">Destination</th><th scope="col">Protocol</th><th scope="col">Info</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : ''
}
${answerForm()}`,
  );
}

function fieldList(fields: Field[]): string {
  return `<ul>${fields.map((f) => `<li>${esc(f.text)}${f.children ? fieldList(f.children) : ''}</li>`).join('')}</ul>`;
}

function detailPage(capture: Capture, n: number, filter: string): LabResponse {
  const packet = capture.packets[n - 1];
  if (!packet) {
    return page(
      'No such packet',
      `<h1>No such packet</h1><p>This capture has ${capture.packets.length} packets.</p><p><a href="${esc(link('../', '', filter))}">Back to the list</a></p>`,
      {
        status: 404,
      },
    );
  }
  const { packets: shown } = filtered(capture, filter);
  const index = shown.findIndex((p) => p.no === n);
  const previous = index > 0 ? shown[index - 1] : undefined;
  const next = index >= 0 ? shown[index + 1] : undefined;
  const seconds = Math.floor(packet.epochMicros / 1e6);
  const arrival = `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')}.${String(packet.epochMicros % 1e6).padStart(6, '0')} UTC`;
  const frameLayer = `<details class="lab-card"><summary>Frame ${packet.no}: ${packet.bytes.length} bytes on wire (${packet.bytes.length * 8} bits), ${packet.bytes.length} bytes captured</summary>${fieldList(
    [
      { text: `Arrival Time: ${arrival}` },
      { text: `Time since first frame: ${packet.time.toFixed(6)} seconds` },
      { text: `Frame Number: ${packet.no}` },
      { text: `Frame Length: ${packet.bytes.length} bytes` },
      { text: `[Protocols in frame: ${packet.layers.map((l) => l.proto).join(':')}]` },
    ],
  )}</details>`;
  const layers = packet.layers
    .map(
      (layer, i) =>
        `<details class="lab-card"${i === packet.layers.length - 1 ? ' open' : ''}><summary>${esc(layer.title)} <span class="lab-muted">(bytes ${layer.start}–${layer.end - 1})</span></summary>${fieldList(layer.fields)}</details>`,
    )
    .join('\n');
  const nav = [
    previous && `<a href="${esc(link('../', `packet/${previous.no}`, filter))}">Previous (${previous.no})</a>`,
    `<a href="${esc(link('../', '', filter))}">Packet list</a>`,
    next && `<a href="${esc(link('../', `packet/${next.no}`, filter))}">Next (${next.no})</a>`,
    packet.stream !== undefined && `<a href="../stream/${packet.stream}">Follow TCP stream ${packet.stream}</a>`,
  ]
    .filter(Boolean)
    .join(' · ');
  return page(
    `Packet ${packet.no}`,
    `<h1>Packet ${packet.no}</h1>
<p><strong>${esc(packet.protocol)}</strong> ${esc(packet.src)} → ${esc(packet.dst)}: ${esc(packet.info)}</p>
<p>${nav}</p>
${frameLayer}
${layers}
<h2>Bytes</h2>
<pre tabindex="0">${esc(hexDump(packet.bytes))}</pre>
<p>${nav}</p>`,
  );
}

function streamPage(capture: Capture, index: number): LabResponse {
  const segments = capture.packets.filter((p) => p.stream === index && Number(p.fields.get('tcp.len')?.[0] ?? 0) > 0);
  const first = capture.packets.find((p) => p.stream === index);
  if (!first) {
    return page('No such stream', `<h1>No such stream</h1><p><a href="../">Back to the list</a></p>`, {
      status: 404,
    });
  }
  const client = first.src;
  const text = segments
    .map((p) => {
      const app = p.layers[p.layers.length - 1]!;
      const payload = Buffer.from(p.bytes.subarray(app.start, app.end)).toString('latin1');
      const escaped = esc(payload);
      return p.src === client ? escaped : `<span class="lab-muted">${escaped}</span>`;
    })
    .join('');
  return page(
    `TCP stream ${index}`,
    `<h1>Follow TCP stream ${index}</h1>
<p>${esc(client)} → ${esc(first.dst)}, in the order it was sent. What the client sent is in plain text, what the server sent is grey.</p>
<pre tabindex="0">${text}</pre>
<p><a href="${esc(link('../', '', `tcp.stream == ${index}`))}">Show this stream's packets</a> · <a href="../">Packet list</a></p>`,
  );
}

/**
 * The platform's LabResponse.body is text, and Fastify sends a string as UTF-8, which
 * would corrupt every byte above 0x7f (the pcap magic number among them). Fastify sends a
 * Buffer byte for byte, so the download hands its Buffer through. (Reported to the lead:
 * LabResponse.body could accept a Uint8Array.)
 */

function answer(request: LabRequest, lab: LabTools): LabResponse {
  const raw = request.form().get('credentials') ?? '';
  if (raw.length > 200) throw new LabInputError('That answer is too long.');
  const capture = buildCapture(lab);
  const colon = raw.indexOf(':');
  const user = (colon < 0 ? raw : raw.slice(0, colon)).trim();
  const password = colon < 0 ? '' : raw.slice(colon + 1).trim();
  const login = capture.logins.find((l) => l.user === user && l.password === password);
  if (login?.accepted) {
    const flag = lab.solve();
    return page(
      'Credentials confirmed',
      `<h1>Credentials confirmed</h1>
<p><code>${esc(user)}</code> logged in over ${login.via === 'ftp' ? 'FTP' : 'HTTP Basic authentication'}, in clear text, and the server accepted it (packet <a href="packet/${login.verdict}">${login.verdict}</a>). Anyone who can get between the PC and the server reads it the same way.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>
<p><a href="./">Back to the capture</a></p>`,
    );
  }
  let message: string;
  if (login) {
    message = `That login is in the capture, but the server refused it: see packet ${login.verdict}. Find the one it accepted.`;
  } else if (colon < 0) {
    message = 'Write the answer as user:password.';
  } else if (capture.logins.some((l) => l.user === user)) {
    message = `${user} is a user in the capture, but that is not the password that was sent with it.`;
  } else {
    message = 'No login in this capture used that user name. Look at what the clients send to the server.';
  }
  return page(
    'Not those credentials',
    `<h1>Not those credentials</h1>
<p class="lab-error" role="alert">${esc(message)}</p>
${answerForm(raw)}
<p><a href="./">Back to the capture</a></p>`,
  );
}

const target: LabTarget = {
  id: 'net-capture-credentials',
  routes: {
    'GET /': (request, lab) => listPage(buildCapture(lab), readFilter(request)),
    'GET /packet/:n': (request, lab) => {
      const n = Number(request.params.n);
      if (!Number.isInteger(n) || n < 1) throw new LabInputError('Packet numbers start at 1.');
      return detailPage(buildCapture(lab), n, readFilter(request));
    },
    'GET /stream/:index': (request, lab) => {
      const index = Number(request.params.index);
      if (!Number.isInteger(index) || index < 0) throw new LabInputError('Stream numbers start at 0.');
      return streamPage(buildCapture(lab), index);
    },
    'GET /capture.pcap': (_request, lab) =>
      download(pcapFile(buildCapture(lab).packets), 'application/vnd.tcpdump.pcap', 'kaveri-lan.pcap'),
    'GET /answer': (_request, lab) => redirect(lab, '/'),
    'POST /answer': answer,
  },
};

export default target;
