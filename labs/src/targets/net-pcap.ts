// Packets for the capture lab, built byte by byte: Ethernet II, ARP, IPv4, TCP, UDP and DNS
// with real lengths and checksums (RFC 791/793/768 one's-complement sums over the
// pseudo-header), written out as a libpcap file, and described layer by layer the way a
// packet analyser dissects them. A small display-filter language (Wireshark's, in part)
// selects packets by protocol, address, port or content.

// ---------------------------------------------------------------------------------------
// Bytes

export function macBytes(mac: string): number[] {
  return mac.split(':').map((h) => Number.parseInt(h, 16));
}

export function ipBytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

const u16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const hex = (n: number, width: number) => `0x${n.toString(16).padStart(width, '0')}`;

/** The Internet checksum: one's-complement sum of 16-bit words, complemented. */
export function internetChecksum(bytes: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 2) sum += ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

// ---------------------------------------------------------------------------------------
// A dissected packet

export interface Field {
  text: string;
  children?: Field[];
}

export interface Layer {
  /** Short protocol name (eth, ip, tcp, ftp…). */
  proto: string;
  title: string;
  fields: Field[];
  /** Byte range of the layer in the frame. */
  start: number;
  end: number;
}

export interface Packet {
  no: number;
  /** Seconds since the first packet. */
  time: number;
  /** Capture time, microseconds since the epoch. */
  epochMicros: number;
  bytes: Uint8Array;
  src: string;
  dst: string;
  protocol: string;
  info: string;
  layers: Layer[];
  /** Display-filter fields: name → values (protocol names are fields with no value). */
  fields: Map<string, string[]>;
  /** TCP conversation index, for "follow stream". */
  stream?: number;
}

/** What a builder hands back before the packet gets its number and time. */
export interface Frame {
  bytes: number[];
  src: string;
  dst: string;
  protocol: string;
  info: string;
  layers: Layer[];
  fields: [string, string | number][];
  stream?: number;
}

export interface Station {
  mac: string;
  ip: string;
  /** Initial TTL its OS uses (64 Linux, 128 Windows). */
  ttl: number;
  ipId: number;
}

const BROADCAST = 'ff:ff:ff:ff:ff:ff';
const macLabel = (mac: string) => (mac === BROADCAST ? 'Broadcast' : mac);

function ethernet(
  dst: string,
  src: string,
  type: number,
  payload: number[],
  fields: Frame['fields'],
): { bytes: number[]; layer: Layer } {
  const bytes = [...macBytes(dst), ...macBytes(src), ...u16(type), ...payload];
  fields.push(['eth', ''], ['eth.src', src], ['eth.dst', dst], ['eth.addr', src], ['eth.addr', dst]);
  return {
    bytes,
    layer: {
      proto: 'eth',
      title: `Ethernet II, Src: ${src}, Dst: ${macLabel(dst)}`,
      fields: [
        { text: dst === BROADCAST ? `Destination: Broadcast (${dst})` : `Destination: ${dst}` },
        { text: `Source: ${src}` },
        { text: `Type: ${type === 0x0806 ? 'ARP' : 'IPv4'} (${hex(type, 4)})` },
      ],
      start: 0,
      end: 14,
    },
  };
}

/** Frames received from the wire are padded to 60 bytes; frames this host sent are captured short. */
function padded(bytes: number[], layers: Layer[], received: boolean): number[] {
  if (!received || bytes.length >= 60) return bytes;
  const padding = 60 - bytes.length;
  layers[0]!.fields.push({ text: `Padding: ${'00'.repeat(padding)}` });
  return [...bytes, ...new Array<number>(padding).fill(0)];
}

export function arpFrame(options: {
  op: 'request' | 'reply';
  ethSrc: string;
  ethDst: string;
  senderMac: string;
  senderIp: string;
  targetMac: string;
  targetIp: string;
  /** Captured on the wire (padded) rather than sent by the capturing host. */
  received: boolean;
}): Frame {
  const op = options.op === 'request' ? 1 : 2;
  const payload = [
    ...u16(1),
    ...u16(0x0800),
    6,
    4,
    ...u16(op),
    ...macBytes(options.senderMac),
    ...ipBytes(options.senderIp),
    ...macBytes(options.targetMac),
    ...ipBytes(options.targetIp),
  ];
  const fields: Frame['fields'] = [];
  const eth = ethernet(options.ethDst, options.ethSrc, 0x0806, payload, fields);
  fields.push(
    ['arp', ''],
    ['arp.opcode', op],
    ['arp.src.hw_mac', options.senderMac],
    ['arp.src.proto_ipv4', options.senderIp],
    ['arp.dst.hw_mac', options.targetMac],
    ['arp.dst.proto_ipv4', options.targetIp],
  );
  const layers: Layer[] = [
    eth.layer,
    {
      proto: 'arp',
      title: `Address Resolution Protocol (${options.op})`,
      fields: [
        { text: 'Hardware type: Ethernet (1)' },
        { text: 'Protocol type: IPv4 (0x0800)' },
        { text: 'Hardware size: 6' },
        { text: 'Protocol size: 4' },
        { text: `Opcode: ${options.op} (${op})` },
        { text: `Sender MAC address: ${options.senderMac}` },
        { text: `Sender IP address: ${options.senderIp}` },
        { text: `Target MAC address: ${options.targetMac}` },
        { text: `Target IP address: ${options.targetIp}` },
      ],
      start: 14,
      end: 42,
    },
  ];
  return {
    bytes: padded(eth.bytes, layers, options.received),
    src: options.ethSrc,
    dst: macLabel(options.ethDst),
    protocol: 'ARP',
    info:
      options.op === 'request'
        ? `Who has ${options.targetIp}? Tell ${options.senderIp}`
        : `${options.senderIp} is at ${options.senderMac}`,
    layers,
    fields,
  };
}

function ipv4(
  from: Station,
  to: Station,
  protocol: 6 | 17,
  payload: number[],
  fields: Frame['fields'],
): { bytes: number[]; layer: Layer } {
  const total = 20 + payload.length;
  const id = from.ipId;
  from.ipId = (from.ipId + 1) & 0xffff;
  const ttl = from.ttl;
  const header = [
    0x45,
    0x00,
    ...u16(total),
    ...u16(id),
    0x40,
    0x00,
    ttl,
    protocol,
    0,
    0,
    ...ipBytes(from.ip),
    ...ipBytes(to.ip),
  ];
  const checksum = internetChecksum(header);
  header[10] = checksum >>> 8;
  header[11] = checksum & 0xff;
  fields.push(
    ['ip', ''],
    ['ip.src', from.ip],
    ['ip.dst', to.ip],
    ['ip.addr', from.ip],
    ['ip.addr', to.ip],
    ['ip.ttl', ttl],
  );
  return {
    bytes: [...header, ...payload],
    layer: {
      proto: 'ip',
      title: `Internet Protocol Version 4, Src: ${from.ip}, Dst: ${to.ip}`,
      fields: [
        { text: '0100 .... = Version: 4' },
        { text: '.... 0101 = Header Length: 20 bytes (5)' },
        { text: 'Differentiated Services Field: 0x00 (DSCP: CS0, ECN: Not-ECT)' },
        { text: `Total Length: ${total}` },
        { text: `Identification: ${hex(id, 4)} (${id})` },
        { text: "Flags: 0x2, Don't fragment" },
        { text: 'Fragment Offset: 0' },
        { text: `Time to Live: ${ttl}` },
        { text: `Protocol: ${protocol === 6 ? 'TCP' : 'UDP'} (${protocol})` },
        { text: `Header Checksum: ${hex(checksum, 4)} [correct]` },
        { text: `Source Address: ${from.ip}` },
        { text: `Destination Address: ${to.ip}` },
      ],
      start: 14,
      end: 34,
    },
  };
}

function pseudoHeader(src: string, dst: string, protocol: number, length: number): number[] {
  return [...ipBytes(src), ...ipBytes(dst), 0, protocol, ...u16(length)];
}

export interface AppLayer {
  protocol: string;
  info: string;
  title: string;
  fields: Field[];
  filterFields: [string, string | number][];
}

export function udpFrame(options: {
  from: Station;
  to: Station;
  ethSrc: string;
  ethDst: string;
  sport: number;
  dport: number;
  payload: number[];
  app: AppLayer;
  received: boolean;
}): Frame {
  const { from, to, sport, dport, payload } = options;
  const length = 8 + payload.length;
  const segment = [...u16(sport), ...u16(dport), ...u16(length), 0, 0, ...payload];
  let checksum = internetChecksum([...pseudoHeader(from.ip, to.ip, 17, length), ...segment]);
  if (checksum === 0) checksum = 0xffff;
  segment[6] = checksum >>> 8;
  segment[7] = checksum & 0xff;
  const fields: Frame['fields'] = [];
  const ip = ipv4(from, to, 17, segment, fields);
  const eth = ethernet(options.ethDst, options.ethSrc, 0x0800, ip.bytes, fields);
  fields.push(['udp', ''], ['udp.srcport', sport], ['udp.dstport', dport], ['udp.port', sport], ['udp.port', dport]);
  fields.push(...options.app.filterFields);
  const layers: Layer[] = [
    eth.layer,
    ip.layer,
    {
      proto: 'udp',
      title: `User Datagram Protocol, Src Port: ${sport}, Dst Port: ${dport}`,
      fields: [
        { text: `Source Port: ${sport}` },
        { text: `Destination Port: ${dport}` },
        { text: `Length: ${length}` },
        { text: `Checksum: ${hex(checksum, 4)} [correct]` },
      ],
      start: 34,
      end: 42,
    },
    {
      proto: options.app.protocol.toLowerCase(),
      title: options.app.title,
      fields: options.app.fields,
      start: 42,
      end: 42 + payload.length,
    },
  ];
  return {
    bytes: padded(eth.bytes, layers, options.received),
    src: from.ip,
    dst: to.ip,
    protocol: options.app.protocol,
    info: options.app.info,
    layers,
    fields,
  };
}

// In the order packet analysers list them: [SYN, ACK], [FIN, ACK], [PSH, ACK].
const TCP_FLAGS: [number, string][] = [
  [0x01, 'FIN'],
  [0x02, 'SYN'],
  [0x04, 'RST'],
  [0x08, 'PSH'],
  [0x10, 'ACK'],
  [0x20, 'URG'],
];

/** One side of a TCP connection: the host, its port and window, and the MAC frames to it go to. */
export interface Endpoint {
  station: Station;
  port: number;
  window: number;
  /** Destination MAC of frames sent to this side (the attacker's, once its peer is poisoned). */
  ethViaMac: string;
}

/** One TCP connection, with real sequence numbers in both directions. */
export class TcpFlow {
  private clientSeq: number;
  private serverSeq: number;
  private clientNext = 0;
  private serverNext = 0;

  constructor(
    readonly stream: number,
    readonly client: Endpoint,
    readonly server: Endpoint,
    clientIsn: number,
    serverIsn: number,
  ) {
    this.clientSeq = clientIsn >>> 0;
    this.serverSeq = serverIsn >>> 0;
  }

  /** The three-way handshake. */
  open(): Frame[] {
    const syn = this.segment(true, 0x02, [], [0x02, 0x04, 0x05, 0xb4, 0x01, 0x01, 0x04, 0x02]);
    const synAck = this.segment(false, 0x12, [], [0x02, 0x04, 0x05, 0xb4, 0x01, 0x01, 0x04, 0x02]);
    const ack = this.segment(true, 0x10, []);
    return [syn, synAck, ack];
  }

  send(fromClient: boolean, data: string, app?: AppLayer): Frame {
    return this.segment(fromClient, 0x18, [...Buffer.from(data, 'latin1')], [], app);
  }

  ack(fromClient: boolean): Frame {
    return this.segment(fromClient, 0x10, []);
  }

  fin(fromClient: boolean): Frame {
    return this.segment(fromClient, 0x11, []);
  }

  private segment(fromClient: boolean, flags: number, data: number[], options: number[] = [], app?: AppLayer): Frame {
    const from = fromClient ? this.client : this.server;
    const to = fromClient ? this.server : this.client;
    const isn = fromClient ? this.clientSeq : this.serverSeq;
    const peerIsn = fromClient ? this.serverSeq : this.clientSeq;
    const relSeq = fromClient ? this.clientNext : this.serverNext;
    const relAck = fromClient ? this.serverNext : this.clientNext;
    const hasAck = (flags & 0x10) !== 0;
    const seq = (isn + relSeq) >>> 0;
    const ack = hasAck ? (peerIsn + relAck) >>> 0 : 0;
    const headerLength = 20 + options.length;
    const segment = [
      ...u16(from.port),
      ...u16(to.port),
      ...u32(seq),
      ...u32(ack),
      (headerLength / 4) << 4,
      flags,
      ...u16(from.window),
      0,
      0,
      0,
      0,
      ...options,
      ...data,
    ];
    const checksum = internetChecksum([...pseudoHeader(from.station.ip, to.station.ip, 6, segment.length), ...segment]);
    segment[16] = checksum >>> 8;
    segment[17] = checksum & 0xff;
    // SYN and FIN each take one sequence number.
    const advance = data.length + (flags & 0x02 ? 1 : 0) + (flags & 0x01 ? 1 : 0);
    if (fromClient) this.clientNext += advance;
    else this.serverNext += advance;

    const fields: Frame['fields'] = [];
    const ip = ipv4(from.station, to.station, 6, segment, fields);
    const eth = ethernet(to.ethViaMac, from.station.mac, 0x0800, ip.bytes, fields);
    const names = TCP_FLAGS.filter(([bit]) => flags & bit).map(([, name]) => name);
    const flagText = `[${names.join(', ')}]`;
    const mss = options.length ? ' MSS=1460 SACK_PERM' : '';
    const summary = `${from.port} → ${to.port} ${flagText} Seq=${relSeq}${hasAck ? ` Ack=${relAck}` : ''} Win=${from.window} Len=${data.length}${mss}`;
    fields.push(
      ['tcp', ''],
      ['tcp.srcport', from.port],
      ['tcp.dstport', to.port],
      ['tcp.port', from.port],
      ['tcp.port', to.port],
      ['tcp.stream', this.stream],
      ['tcp.len', data.length],
      ['tcp.flags.syn', flags & 0x02 ? 1 : 0],
      ['tcp.flags.fin', flags & 0x01 ? 1 : 0],
    );
    if (app) fields.push(...app.filterFields);
    const tcpEnd = 34 + headerLength;
    const layers: Layer[] = [
      eth.layer,
      ip.layer,
      {
        proto: 'tcp',
        title: `Transmission Control Protocol, Src Port: ${from.port}, Dst Port: ${to.port}, Seq: ${relSeq}${hasAck ? `, Ack: ${relAck}` : ''}, Len: ${data.length}`,
        fields: [
          { text: `Source Port: ${from.port}` },
          { text: `Destination Port: ${to.port}` },
          { text: `[Stream index: ${this.stream}]` },
          { text: `Sequence Number: ${relSeq}    (relative sequence number)` },
          { text: `Sequence Number (raw): ${seq}` },
          { text: `Acknowledgment Number: ${hasAck ? relAck : 0}${hasAck ? '    (relative ack number)' : ''}` },
          { text: `Acknowledgment number (raw): ${ack}` },
          {
            text: `${(headerLength / 4).toString(2).padStart(4, '0')} .... = Header Length: ${headerLength} bytes (${headerLength / 4})`,
          },
          { text: `Flags: ${hex(flags, 3)} (${names.join(', ')})` },
          { text: `Window: ${from.window}` },
          { text: `Checksum: ${hex(checksum, 4)} [correct]` },
          { text: 'Urgent Pointer: 0' },
          ...(options.length
            ? [
                {
                  text: 'Options: (8 bytes), Maximum segment size, No-Operation (NOP), No-Operation (NOP), SACK permitted',
                },
              ]
            : []),
          ...(data.length ? [{ text: `TCP payload (${data.length} bytes)` }] : []),
        ],
        start: 34,
        end: tcpEnd,
      },
    ];
    if (app) {
      layers.push({
        proto: app.protocol.toLowerCase(),
        title: app.title,
        fields: app.fields,
        start: tcpEnd,
        end: tcpEnd + data.length,
      });
    }
    return {
      bytes: padded(eth.bytes, layers, true),
      src: from.station.ip,
      dst: to.station.ip,
      protocol: app?.protocol ?? 'TCP',
      info: app?.info ?? summary,
      layers,
      fields,
      stream: this.stream,
    };
  }
}

// ---------------------------------------------------------------------------------------
// DNS messages (RFC 1035)

function dnsName(name: string): number[] {
  return [...name.split('.').flatMap((label) => [label.length, ...Buffer.from(label, 'ascii')]), 0];
}

export function dnsMessage(id: number, name: string, answer?: string): { bytes: number[]; app: AppLayer } {
  const response = answer !== undefined;
  const flags = response ? 0x8180 : 0x0100;
  const question = [...dnsName(name), ...u16(1), ...u16(1)];
  const bytes = [...u16(id), ...u16(flags), ...u16(1), ...u16(response ? 1 : 0), ...u16(0), ...u16(0), ...question];
  if (answer) bytes.push(0xc0, 0x0c, ...u16(1), ...u16(1), ...u32(300), ...u16(4), ...ipBytes(answer));
  const idText = hex(id, 4);
  return {
    bytes,
    app: {
      protocol: 'DNS',
      info: `Standard query${response ? ' response' : ''} ${idText} A ${name}${answer ? ` A ${answer}` : ''}`,
      title: `Domain Name System (${response ? 'response' : 'query'})`,
      fields: [
        { text: `Transaction ID: ${idText}` },
        { text: `Flags: ${hex(flags, 4)} Standard query${response ? ' response, No error' : ''}` },
        { text: 'Questions: 1' },
        { text: `Answer RRs: ${response ? 1 : 0}` },
        { text: 'Authority RRs: 0' },
        { text: 'Additional RRs: 0' },
        { text: 'Queries', children: [{ text: `${name}: type A, class IN` }] },
        ...(answer ? [{ text: 'Answers', children: [{ text: `${name}: type A, class IN, addr ${answer}` }] }] : []),
      ],
      filterFields: [
        ['dns', ''],
        ['dns.id', idText],
        ['dns.qry.name', name],
        ['dns.flags.response', response ? 1 : 0],
        ...(answer ? ([['dns.a', answer]] as [string, string][]) : []),
      ],
    },
  };
}

// ---------------------------------------------------------------------------------------
// Numbering, libpcap output, hex dumps

export function numberFrames(frames: { frame: Frame; at: number }[], startMicros: number): Packet[] {
  const first = frames[0]?.at ?? 0;
  return frames.map(({ frame, at }, index) => {
    const fields = new Map<string, string[]>();
    fields.set('frame', []);
    for (const [name, value] of [
      ...frame.fields,
      ['frame.number', index + 1] as [string, number],
      ['frame.len', frame.bytes.length] as [string, number],
    ]) {
      const list = fields.get(name) ?? [];
      if (value !== '') list.push(String(value));
      fields.set(name, list);
    }
    return {
      no: index + 1,
      time: at - first,
      epochMicros: startMicros + Math.round((at - first) * 1e6),
      bytes: Uint8Array.from(frame.bytes),
      src: frame.src,
      dst: frame.dst,
      protocol: frame.protocol,
      info: frame.info,
      layers: frame.layers,
      fields,
      ...(frame.stream !== undefined ? { stream: frame.stream } : {}),
    };
  });
}

/** A libpcap file (magic a1b2c3d4, version 2.4, microseconds, LINKTYPE_ETHERNET), little-endian. */
export function pcapFile(packets: readonly Packet[]): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeInt32LE(0, 8);
  header.writeUInt32LE(0, 12);
  header.writeUInt32LE(262144, 16);
  header.writeUInt32LE(1, 20);
  const records = packets.map((packet) => {
    const record = Buffer.alloc(16);
    record.writeUInt32LE(Math.floor(packet.epochMicros / 1e6), 0);
    record.writeUInt32LE(packet.epochMicros % 1e6, 4);
    record.writeUInt32LE(packet.bytes.length, 8);
    record.writeUInt32LE(packet.bytes.length, 12);
    return Buffer.concat([record, packet.bytes]);
  });
  return Buffer.concat([header, ...records]);
}

/** Offset, sixteen bytes in hex, and the same bytes as text: as packet analysers show them. */
export function hexDump(bytes: Uint8Array): string {
  const lines: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const chunk = [...bytes.subarray(offset, offset + 16)];
    const hexPart = chunk
      .map((b, i) => `${b.toString(16).padStart(2, '0')}${i === 7 ? ' ' : ''}`)
      .join(' ')
      .padEnd(48);
    const text = chunk.map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${offset.toString(16).padStart(4, '0')}  ${hexPart}  ${text}`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------
// Display filters: protocol names, field presence, ==, !=, contains, and/or/not, brackets

type Token = { t: 'word'; v: string } | { t: 'string'; v: string } | { t: 'op'; v: string };

export class FilterError extends Error {}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (['==', '!=', '&&', '||'].includes(two)) {
      tokens.push({ t: 'op', v: two });
      i += 2;
    } else if ('()!'.includes(c)) {
      tokens.push({ t: 'op', v: c });
      i += 1;
    } else if (c === '"') {
      const close = text.indexOf('"', i + 1);
      if (close < 0) throw new FilterError('A quoted string is not closed.');
      tokens.push({ t: 'string', v: text.slice(i + 1, close) });
      i = close + 1;
    } else {
      const match = /^[A-Za-z0-9_.:/-]+/.exec(text.slice(i));
      if (!match) throw new FilterError(`"${c}" was unexpected in this context.`);
      const word = match[0];
      const lower = word.toLowerCase();
      if (['and', 'or', 'not', 'eq', 'ne', 'contains'].includes(lower)) {
        tokens.push({
          t: 'op',
          v: { and: '&&', or: '||', not: '!', eq: '==', ne: '!=', contains: 'contains' }[lower]!,
        });
      } else tokens.push({ t: 'word', v: word });
      i += word.length;
    }
  }
  return tokens;
}

type Predicate = (packet: Packet) => boolean;

/** Field names the filter knows: every field some packet of this capture has, plus protocols. */
export function compileFilter(text: string, known: ReadonlySet<string>): Predicate {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const isOp = (v: string) => peek()?.t === 'op' && peek()!.v === v;
  const or = (): Predicate => {
    let left = and();
    while (isOp('||')) {
      i += 1;
      const l = left;
      const r = and();
      left = (p) => l(p) || r(p);
    }
    return left;
  };
  const and = (): Predicate => {
    let left = not();
    while (isOp('&&')) {
      i += 1;
      const l = left;
      const r = not();
      left = (p) => l(p) && r(p);
    }
    return left;
  };
  const not = (): Predicate => {
    if (isOp('!')) {
      i += 1;
      const inner = not();
      return (p) => !inner(p);
    }
    if (isOp('(')) {
      i += 1;
      const inner = or();
      if (!isOp(')')) throw new FilterError('A bracket is not closed.');
      i += 1;
      return inner;
    }
    return comparison();
  };
  const comparison = (): Predicate => {
    const token = tokens[i];
    if (!token || token.t !== 'word') throw new FilterError('Expected a field or protocol name.');
    i += 1;
    const field = token.v.toLowerCase();
    if (!known.has(field))
      throw new FilterError(`"${token.v}" is neither a field nor a protocol name this capture knows.`);
    const op = peek();
    if (op?.t === 'op' && ['==', '!=', 'contains'].includes(op.v)) {
      i += 1;
      const value = tokens[i];
      if (!value || value.t === 'op') throw new FilterError(`Expected a value after ${op.v}.`);
      i += 1;
      const wanted = value.v;
      if (op.v === 'contains') {
        const needle = Buffer.from(wanted, 'latin1');
        return (p) => {
          if (field === 'frame') return Buffer.from(p.bytes).includes(needle);
          const layer = p.layers.find((l) => l.proto === field);
          if (layer) return Buffer.from(p.bytes.subarray(layer.start, layer.end)).includes(needle);
          return (p.fields.get(field) ?? []).some((v) => v.includes(wanted));
        };
      }
      const same = (v: string) => v.toLowerCase() === wanted.toLowerCase();
      return op.v === '=='
        ? (p) => (p.fields.get(field) ?? []).some(same)
        : (p) => {
            const values = p.fields.get(field);
            return values !== undefined && values.length > 0 && !values.some(same);
          };
    }
    return (p) => p.fields.has(field);
  };
  const predicate = or();
  if (i < tokens.length) throw new FilterError(`"${(tokens[i] as Token).v}" was unexpected in this context.`);
  return predicate;
}
