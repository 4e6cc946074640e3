// A simulated BLE smart lock and a GATT explorer in the style of nRF Connect: scan, connect,
// discover, read and write attributes by handle. The device is a real little ATT server:
// a handle table with properties and permissions, and ATT error codes for what it refuses
// (0x02 Read Not Permitted, 0x03 Write Not Permitted, 0x05 Insufficient Authentication,
// 0x0D Invalid Attribute Value Length, 0x13 Value Not Allowed, 0x80 vendor "bad challenge").
// The flaw: the lock-control characteristic needs no pairing, its frame format is printed by
// a debug characteristic left in the firmware, and the "challenge" that was meant to stop
// replays is itself readable without pairing. Writing AA 01 <challenge> unlocks the door.
import { createHmac } from 'node:crypto';
import { esc, page, redirect, type LabRequest, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';

type Bytes = number[];
type Access = 'open' | 'auth' | 'none';

interface State {
  /** connected, services discovered, lock state notifications on. */
  c?: boolean;
  d?: boolean;
  nf?: boolean;
  /** Commands the lock has accepted (the challenge changes after each). */
  n?: number;
  /** Unlocked. */
  u?: boolean;
}

interface Ctx {
  lab: LabTools;
  state: State;
}

interface Characteristic {
  uuid: string;
  name: string;
  props: ('READ' | 'WRITE' | 'NOTIFY')[];
  read: Access;
  write: Access;
  value?: (ctx: Ctx) => Bytes;
  onWrite?: (ctx: Ctx, value: Bytes) => WriteResult;
  description?: string;
}

interface Service {
  uuid: string;
  name: string;
  characteristics: Characteristic[];
}

type WriteResult = { ok: true; note?: string; notify?: Bytes } | { error: number; note?: string };

const ATT_ERRORS: Record<number, string> = {
  0x01: 'Invalid Handle',
  0x02: 'Read Not Permitted',
  0x03: 'Write Not Permitted',
  0x05: 'Insufficient Authentication',
  0x0d: 'Invalid Attribute Value Length',
  0x13: 'Value Not Allowed',
  0x80: 'Application Error (vendor: challenge mismatch)',
};

const VENDOR = (n: string) => `5d1a${n}-7c2e-4b8f-9a31-d0c0ffee0b1e`;
const LOCK_SERVICE = VENDOR('0001');
const FRAME_START = 0xaa;
const OP_UNLOCK = 0x01;
const OP_LOCK = 0x02;

const ascii = (value: string): Bytes => [...Buffer.from(value, 'utf8')];

function deviceSuffix(lab: Pick<LabTools, 'instanceSecret'>): string {
  return lab.instanceSecret('ble-address').slice(0, 4).toUpperCase();
}

function deviceName(lab: Pick<LabTools, 'instanceSecret'>): string {
  return `DL2-${deviceSuffix(lab)}`;
}

/** A random static address (top two bits set), fixed for this start of the lab. */
function deviceAddress(lab: Pick<LabTools, 'instanceSecret'>): string {
  const bytes = lab
    .instanceSecret('ble-address')
    .slice(0, 12)
    .match(/../g)!
    .map((b) => parseInt(b, 16));
  bytes[5] = bytes[5]! | 0xc0;
  return bytes
    .reverse()
    .map((b) => b.toString(16).padStart(2, '0').toUpperCase())
    .join(':');
}

/** The lock's current challenge: 4 bytes, new after every accepted command. */
export function lockChallenge(lab: Pick<LabTools, 'instanceSecret'>, counter: number): Bytes {
  return [
    ...createHmac('sha256', lab.instanceSecret('ble-challenge')).update(`challenge:${counter}`).digest().subarray(0, 4),
  ];
}

function lockControl(ctx: Ctx, value: Bytes): WriteResult {
  if (value.length !== 6) return { error: 0x0d, note: 'The lock expects a 6-byte frame.' };
  if (value[0] !== FRAME_START || (value[1] !== OP_UNLOCK && value[1] !== OP_LOCK)) return { error: 0x13 };
  const expected = lockChallenge(ctx.lab, ctx.state.n ?? 0);
  if (value.slice(2).some((b, i) => b !== expected[i])) return { error: 0x80 };
  ctx.state.n = (ctx.state.n ?? 0) + 1;
  ctx.state.u = value[1] === OP_UNLOCK;
  return {
    ok: true,
    note: ctx.state.u ? 'The bolt retracts with a whirr. The door is unlocked.' : 'The bolt shoots home.',
    notify: [ctx.state.u ? 0x00 : 0x01],
  };
}

function services(lab: LabTools): Service[] {
  return [
    {
      uuid: '1800',
      name: 'Generic Access',
      characteristics: [
        {
          uuid: '2a00',
          name: 'Device Name',
          props: ['READ'],
          read: 'open',
          write: 'none',
          value: () => ascii(deviceName(lab)),
        },
        {
          uuid: '2a01',
          name: 'Appearance',
          props: ['READ'],
          read: 'open',
          write: 'none',
          value: () => [0x00, 0x00],
        },
      ],
    },
    {
      uuid: '180a',
      name: 'Device Information',
      characteristics: [
        {
          uuid: '2a29',
          name: 'Manufacturer Name String',
          props: ['READ'],
          read: 'open',
          write: 'none',
          value: () => ascii('Suraksha Home Devices'),
        },
        {
          uuid: '2a24',
          name: 'Model Number String',
          props: ['READ'],
          read: 'open',
          write: 'none',
          value: () => ascii('DL-2 Smart Deadbolt'),
        },
        {
          uuid: '2a25',
          name: 'Serial Number String',
          props: ['READ'],
          read: 'open',
          write: 'none',
          value: () => ascii(`SHD-DL2-${lab.instanceSecret('ble-serial').slice(0, 8).toUpperCase()}`),
        },
        {
          uuid: '2a26',
          name: 'Firmware Revision String',
          props: ['READ'],
          read: 'open',
          write: 'none',
          value: () => ascii('2.4.1-dev'),
        },
      ],
    },
    {
      uuid: '180f',
      name: 'Battery Service',
      characteristics: [
        {
          uuid: '2a19',
          name: 'Battery Level',
          props: ['READ', 'NOTIFY'],
          read: 'open',
          write: 'none',
          value: () => [78],
        },
      ],
    },
    {
      uuid: LOCK_SERVICE,
      name: 'Unknown Service',
      characteristics: [
        {
          uuid: VENDOR('0002'),
          name: 'Unknown Characteristic',
          description: 'Lock state',
          props: ['READ', 'NOTIFY'],
          read: 'open',
          write: 'none',
          value: (ctx) => [ctx.state.u ? 0x00 : 0x01],
        },
        {
          uuid: VENDOR('0003'),
          name: 'Unknown Characteristic',
          description: 'Lock control',
          props: ['WRITE'],
          read: 'none',
          write: 'open',
          onWrite: lockControl,
        },
        {
          uuid: VENDOR('0004'),
          name: 'Unknown Characteristic',
          description: 'Challenge',
          props: ['READ'],
          read: 'open',
          write: 'none',
          value: (ctx) => lockChallenge(lab, ctx.state.n ?? 0),
        },
        {
          uuid: VENDOR('0005'),
          name: 'Unknown Characteristic',
          description: 'Debug',
          props: ['READ'],
          read: 'open',
          write: 'none',
          value: () =>
            ascii(
              'DL2 dbg 2.4.1: CTRL(0003) frame AA|op|chal[4]; op 01=OPEN 02=CLOSE; chal=read 0004, new after each cmd',
            ),
        },
        {
          uuid: VENDOR('0006'),
          name: 'Unknown Characteristic',
          description: 'Owner PIN',
          props: ['READ', 'WRITE'],
          read: 'auth',
          write: 'auth',
          value: () => ascii('0000'),
        },
      ],
    },
  ];
}

type Attribute =
  | { handle: number; kind: 'service'; service: Service }
  | { handle: number; kind: 'declaration'; characteristic: Characteristic; valueHandle: number }
  | { handle: number; kind: 'value'; characteristic: Characteristic }
  | { handle: number; kind: 'cccd'; characteristic: Characteristic }
  | { handle: number; kind: 'description'; characteristic: Characteristic };

/** The ATT handle table, numbered the way a GATT server lays it out. */
function attributeTable(list: Service[]): Attribute[] {
  const table: Attribute[] = [];
  let handle = 1;
  for (const service of list) {
    table.push({ handle: handle++, kind: 'service', service });
    for (const characteristic of service.characteristics) {
      table.push({ handle: handle++, kind: 'declaration', characteristic, valueHandle: handle });
      table.push({ handle: handle++, kind: 'value', characteristic });
      if (characteristic.props.includes('NOTIFY')) table.push({ handle: handle++, kind: 'cccd', characteristic });
      if (characteristic.description) table.push({ handle: handle++, kind: 'description', characteristic });
    }
  }
  return table;
}

const h = (handle: number) => `0x${handle.toString(16).padStart(4, '0').toUpperCase()}`;
const hexBytes = (bytes: Bytes) => bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join('-');
const uuidLabel = (uuid: string) => (uuid.length === 4 ? `0x${uuid.toUpperCase()}` : uuid.toUpperCase());

function attError(code: number, handle: number, note = ''): string {
  return `Error 0x${code.toString(16).padStart(2, '0').toUpperCase()} (${ATT_ERRORS[code] ?? 'Unknown'}) on handle ${h(handle)}${note ? `. ${note}` : ''}`;
}

function showValue(bytes: Bytes): string {
  const printable = bytes.length > 0 && bytes.every((b) => b >= 0x20 && b < 0x7f);
  return `(0x) ${hexBytes(bytes)}${printable ? `, "${Buffer.from(bytes).toString('latin1')}"` : ''}`;
}

type OpResult = { ok: string; notification?: string; unlocked?: boolean } | { error: string };

function readAttribute(ctx: Ctx, table: Attribute[], handle: number): OpResult {
  const attribute = table.find((a) => a.handle === handle);
  if (!attribute) return { error: attError(0x01, handle) };
  switch (attribute.kind) {
    case 'service':
      return { ok: `Primary Service ${uuidLabel(attribute.service.uuid)}` };
    case 'declaration':
      return {
        ok: `Characteristic declaration: properties ${attribute.characteristic.props.join(', ')}, value handle ${h(attribute.valueHandle)}, UUID ${uuidLabel(attribute.characteristic.uuid)}`,
      };
    case 'cccd':
      return {
        ok: `Value: ${showValue(ctx.state.nf && attribute.characteristic.value ? [0x01, 0x00] : [0x00, 0x00])}`,
      };
    case 'description':
      return { ok: `Characteristic User Description: "${attribute.characteristic.description}"` };
    case 'value': {
      const c = attribute.characteristic;
      if (c.read === 'none') return { error: attError(0x02, handle) };
      if (c.read === 'auth') return { error: attError(0x05, handle, 'Pairing with the owner’s app is required.') };
      return { ok: `Value: ${showValue(c.value!(ctx))}` };
    }
  }
}

function writeAttribute(ctx: Ctx, table: Attribute[], handle: number, value: Bytes): OpResult {
  const attribute = table.find((a) => a.handle === handle);
  if (!attribute) return { error: attError(0x01, handle) };
  if (attribute.kind === 'cccd') {
    if (value.length !== 2) return { error: attError(0x0d, handle) };
    // Only the lock state's notifications are remembered; they show up after a command.
    if (attribute.characteristic.description === 'Lock state') ctx.state.nf = value[0] === 0x01;
    return { ok: `Write Response. Notifications ${value[0] === 0x01 ? 'enabled' : 'disabled'}.` };
  }
  if (attribute.kind !== 'value') return { error: attError(0x03, handle) };
  const c = attribute.characteristic;
  if (c.write === 'none' || !c.onWrite) {
    return c.write === 'auth'
      ? { error: attError(0x05, handle, 'Pairing with the owner’s app is required.') }
      : { error: attError(0x03, handle) };
  }
  const result = c.onWrite(ctx, value);
  if ('error' in result) return { error: attError(result.error, handle, result.note) };
  const stateHandle = table.find((a) => a.kind === 'value' && a.characteristic.description === 'Lock state')!.handle;
  return {
    ok: `Write Response (0x13). ${result.note ?? ''}`,
    notification:
      ctx.state.nf && result.notify ? `Notification from ${h(stateHandle)}: ${showValue(result.notify)}` : undefined,
    unlocked: ctx.state.u === true,
  };
}

/** A value typed as hex (`AA 01 …`, `aa01…`, `0xAA,0x01`) or as text. */
function parseValue(raw: string, format: string): Bytes | null {
  if (format === 'text') return ascii(raw);
  const cleaned = raw.replace(/0x/gi, '').replace(/[\s:,-]/g, '');
  if (cleaned.length === 0 || cleaned.length % 2 || !/^[0-9a-f]+$/i.test(cleaned) || cleaned.length > 1024) return null;
  return cleaned.match(/../g)!.map((b) => parseInt(b, 16));
}

function parseHandle(raw: string): number | null {
  const cleaned = raw.trim().replace(/^0x/i, '');
  if (!/^[0-9a-f]{1,4}$/i.test(cleaned)) return null;
  return parseInt(cleaned, 16);
}

function readState(lab: LabTools): State {
  return { ...(lab.state<State>() ?? {}) };
}

function scanPage(lab: LabTools, message = '', status = 200): LabResponse {
  const name = ascii(deviceName(lab));
  const uuidLe = LOCK_SERVICE.replaceAll('-', '')
    .match(/../g)!
    .map((b) => parseInt(b, 16))
    .reverse();
  const adv = [0x02, 0x01, 0x06, name.length + 1, 0x09, ...name, 0x11, 0x07, ...uuidLe];
  const devices = [
    {
      name: deviceName(lab),
      address: deviceAddress(lab),
      rssi: -58,
      raw: adv,
      note: 'Random static address, connectable. In scope.',
    },
    {
      name: 'FitBand-22',
      address: '5A:91:0C:3E:77:12',
      rssi: -81,
      raw: [0x02, 0x01, 0x1a, 0x0b, 0x09, ...ascii('FitBand-22')],
      note: 'Resolvable private address, connectable. Not in scope.',
    },
    {
      name: '(no name)',
      address: '7C:4D:E2:10:9B:A5',
      rssi: -90,
      raw: [0x02, 0x01, 0x04, 0x07, 0xff, 0x4c, 0x00, 0x12, 0x02, 0x00, 0x01],
      note: 'Non-connectable beacon. Not in scope.',
    },
  ];
  return page(
    'BLE scanner',
    `<h1>BLE assessment: DL-2 smart deadbolt</h1>
<p>Suraksha Home Devices (a fictional vendor) asked you to test its <strong>DL-2</strong> smart lock before launch. Your authorisation covers that one lock on the bench in front of you, nothing else in radio range: connecting to a stranger's device is access without permission (section 43 of the IT Act, 2000).</p>
<p>The owner's app pairs and bonds before it sends commands. Your phone has never paired. Can you open the door anyway?</p>
${message}
<h2>Scanner</h2>
${devices
  .map(
    (d) => `<div class="lab-card">
<p><strong>${esc(d.name)}</strong> <code>${esc(d.address)}</code> · ${d.rssi} dBm</p>
<p class="lab-muted">${esc(d.note)}</p>
<details><summary>Raw advertising data</summary><pre>0x${esc(hexBytes(d.raw).replaceAll('-', ''))}</pre></details>
<form method="post" action="connect" class="lab-form"><input type="hidden" name="address" value="${esc(d.address)}"><button type="submit" aria-label="Connect to ${esc(d.name)}">Connect</button></form>
</div>`,
  )
  .join('\n')}`,
    { status },
  );
}

function gattPage(lab: LabTools, state: State, result?: OpResult, flag?: string): LabResponse {
  const name = deviceName(lab);
  let resultHtml = '';
  if (result) {
    resultHtml =
      'error' in result
        ? `<div class="lab-card" role="alert"><p class="lab-error">${esc(result.error)}</p></div>`
        : `<div class="lab-card" role="status"><p>${esc(result.ok)}</p>${result.notification ? `<p>${esc(result.notification)}</p>` : ''}</div>`;
  }
  if (flag) {
    resultHtml += `<div class="lab-card"><p>The DL-2 opened for a phone that never paired. Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`;
  }
  const header = `<h1>${esc(name)}</h1>
<p>Connected · <code>${esc(deviceAddress(lab))}</code> · not paired, not bonded</p>
<form method="post" action="disconnect" class="lab-form"><button type="submit">Disconnect</button></form>
${resultHtml}`;
  if (!state.d) {
    return page(
      name,
      `${header}<form method="post" action="discover" class="lab-form"><button type="submit">Discover services</button></form>`,
    );
  }
  const list = services(lab);
  const table = attributeTable(list);
  const blocks: string[] = [];
  for (const service of list) {
    const serviceHandle = table.find((a) => a.kind === 'service' && a.service === service)!.handle;
    const chars = service.characteristics.map((c) => {
      const valueHandle = table.find((a) => a.kind === 'value' && a.characteristic === c)!.handle;
      const descriptors = table
        .filter((a) => (a.kind === 'cccd' || a.kind === 'description') && a.characteristic === c)
        .map((a) =>
          a.kind === 'cccd'
            ? `<li>Client Characteristic Configuration <code>0x2902</code> · handle <code>${h(a.handle)}</code>
<form method="post" action="write" class="lab-form"><input type="hidden" name="handle" value="${h(a.handle)}"><input type="hidden" name="format" value="hex"><input type="hidden" name="value" value="01 00"><button type="submit">Enable notifications</button></form></li>`
            : `<li>Characteristic User Description <code>0x2901</code> · handle <code>${h(a.handle)}</code>
<form method="post" action="read" class="lab-form"><input type="hidden" name="handle" value="${h(a.handle)}"><button type="submit">Read descriptor</button></form></li>`,
        )
        .join('\n');
      const read = c.props.includes('READ')
        ? `<form method="post" action="read" class="lab-form"><input type="hidden" name="handle" value="${h(valueHandle)}"><button type="submit">Read</button></form>`
        : '';
      const write = c.props.includes('WRITE')
        ? `<form method="post" action="write" class="lab-form"><input type="hidden" name="handle" value="${h(valueHandle)}">
<label>Value <input name="value" autocapitalize="off" autocomplete="off" spellcheck="false" placeholder="AA 01 …"></label>
<label>Type <select name="format"><option value="hex">Byte array (hex)</option><option value="text">Text (UTF-8)</option></select></label>
<button type="submit">Write request</button></form>`
        : '';
      return `<div class="lab-card">
<p><strong>${esc(c.name)}</strong><br>UUID <code>${esc(uuidLabel(c.uuid))}</code><br>Properties: ${esc(c.props.join(', '))} · value handle <code>${h(valueHandle)}</code></p>
${read}${write}
${descriptors ? `<ul>${descriptors}</ul>` : ''}
</div>`;
    });
    blocks.push(`<section aria-labelledby="svc-${serviceHandle}">
<h2 id="svc-${serviceHandle}">${esc(service.name)}</h2>
<p>UUID <code>${esc(uuidLabel(service.uuid))}</code> · PRIMARY SERVICE · handle <code>${h(serviceHandle)}</code></p>
${chars.join('\n')}
</section>`);
  }
  return page(
    name,
    `${header}
${blocks.join('\n')}
<section class="lab-card" aria-labelledby="raw-title">
<h2 id="raw-title">Raw ATT request</h2>
<p>Read or write any handle, whatever its declared properties say.</p>
<form method="post" action="raw" class="lab-form">
  <label>Handle (hex) <input name="handle" autocapitalize="off" autocomplete="off" spellcheck="false" placeholder="0x0003" required></label>
  <label>Operation <select name="op"><option value="read">Read Request (0x0A)</option><option value="write">Write Request (0x12)</option></select></label>
  <label>Value for a write (hex) <input name="value" autocapitalize="off" autocomplete="off" spellcheck="false"></label>
  <button type="submit">Send</button>
</form>
</section>`,
  );
}

/** Runs one ATT operation for a connected, discovered client and renders the explorer with its result. */
function operate(request: LabRequest, lab: LabTools, op: 'read' | 'write'): LabResponse {
  const state = readState(lab);
  if (!state.c)
    return scanPage(lab, '<p class="lab-error" role="alert">Not connected. Connect to the lock first.</p>', 409);
  const form = request.form();
  const handle = parseHandle(form.get('handle') ?? '');
  if (handle === null) return gattPage(lab, state, { error: 'The handle must be hex, like 0x0003.' });
  const table = attributeTable(services(lab));
  const ctx: Ctx = { lab, state };
  let result: OpResult;
  if (op === 'read') {
    result = readAttribute(ctx, table, handle);
  } else {
    const value = parseValue(form.get('value') ?? '', form.get('format') ?? 'hex');
    if (!value) return gattPage(lab, state, { error: 'The value must be an even number of hex digits, like AA 01.' });
    result = writeAttribute(ctx, table, handle, value);
  }
  lab.setState(state);
  const flag = 'ok' in result && result.unlocked ? lab.solve() : undefined;
  return gattPage(lab, state, result, flag);
}

const target: LabTarget = {
  id: 'htm-ble-gatt-writable',
  routes: {
    'GET /': (_request, lab) => (readState(lab).c ? redirect(lab, '/gatt') : scanPage(lab)),
    'POST /connect': (request, lab) => {
      const address = request.form().get('address') ?? '';
      if (address !== deviceAddress(lab)) {
        return scanPage(
          lab,
          `<p class="lab-error" role="alert">Not connecting to <code>${esc(address)}</code>: it is not the lock you are authorised to test.</p>`,
          403,
        );
      }
      lab.setState({ ...readState(lab), c: true, d: false });
      return redirect(lab, '/gatt');
    },
    'POST /disconnect': (_request, lab) => {
      // The lock keeps its bolt position and counter; the link's settings are forgotten.
      const { n, u } = readState(lab);
      lab.setState({ n, u });
      return redirect(lab, '/');
    },
    'POST /discover': (_request, lab) => {
      const state = readState(lab);
      if (!state.c) return redirect(lab, '/');
      lab.setState({ ...state, d: true });
      return redirect(lab, '/gatt');
    },
    'GET /gatt': (_request, lab) => {
      const state = readState(lab);
      return state.c ? gattPage(lab, state) : redirect(lab, '/');
    },
    'POST /read': (request, lab) => operate(request, lab, 'read'),
    'POST /write': (request, lab) => operate(request, lab, 'write'),
    'POST /raw': (request, lab) => operate(request, lab, request.form().get('op') === 'write' ? 'write' : 'read'),
  },
};

export default target;
