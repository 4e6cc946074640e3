// A keystroke-injection incident. A phone posing as a USB keyboard typed a payload into a
// reception PC; the SOC's usbmon capture holds the raw 8-byte boot-keyboard reports. The
// lab's tools turn ONE report at a time into the physical keys it holds down (keycap labels
// and modifier names), never into text: the learner reads the stream, skips the key-up
// reports and applies Shift and the host's US layout to recover the password the payload
// gave its new account. Submitting that password solves the lab.
import { esc, LabInputError, page, text, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';

const ACCOUNT = 'svc_print';
const MAX_REPORTS = 600;

/** The keys of the Keyboard/Keypad usage page this lab knows: label, US character, US with Shift. */
interface Key {
  usage: number;
  label: string;
  plain?: string;
  shifted?: string;
}

const KEYS: Key[] = [];
for (let i = 0; i < 26; i += 1) {
  const letter = String.fromCharCode(97 + i);
  KEYS.push({ usage: 0x04 + i, label: letter.toUpperCase(), plain: letter, shifted: letter.toUpperCase() });
}
'1!2@3#4$5%6^7&8*9(0)'.match(/../g)!.forEach((pair, i) => {
  KEYS.push({ usage: 0x1e + i, label: `${pair[0]} ${pair[1]}`, plain: pair[0], shifted: pair[1] });
});
KEYS.push(
  { usage: 0x28, label: 'Enter', plain: '\n', shifted: '\n' },
  { usage: 0x29, label: 'Esc' },
  { usage: 0x2a, label: 'Backspace' },
  { usage: 0x2b, label: 'Tab', plain: '\t', shifted: '\t' },
  { usage: 0x2c, label: 'Space', plain: ' ', shifted: ' ' },
);
[
  [0x2d, '-', '_'],
  [0x2e, '=', '+'],
  [0x2f, '[', '{'],
  [0x30, ']', '}'],
  [0x31, '\\', '|'],
  [0x33, ';', ':'],
  [0x34, "'", '"'],
  [0x35, '`', '~'],
  [0x36, ',', '<'],
  [0x37, '.', '>'],
  [0x38, '/', '?'],
].forEach(([usage, plain, shifted]) => {
  KEYS.push({
    usage: usage as number,
    label: `${plain} ${shifted}`,
    plain: plain as string,
    shifted: shifted as string,
  });
});
KEYS.push({ usage: 0x39, label: 'Caps Lock' });
for (let i = 0; i < 12; i += 1) KEYS.push({ usage: 0x3a + i, label: `F${i + 1}` });
KEYS.push(
  { usage: 0x4c, label: 'Delete' },
  { usage: 0x4f, label: 'Right arrow' },
  { usage: 0x50, label: 'Left arrow' },
  { usage: 0x51, label: 'Down arrow' },
  { usage: 0x52, label: 'Up arrow' },
);

const BY_USAGE = new Map(KEYS.map((key) => [key.usage, key]));

const MODIFIERS = [
  'Left Ctrl',
  'Left Shift',
  'Left Alt',
  'Left GUI (Windows key)',
  'Right Ctrl',
  'Right Shift',
  'Right Alt',
  'Right GUI',
];
const LEFT_SHIFT = 0x02;
const RIGHT_SHIFT = 0x20;
const LEFT_GUI = 0x08;

/** The key and Shift state a US-layout host needs to type `char`. */
function keyFor(char: string): { usage: number; shift: boolean } {
  for (const key of KEYS) {
    if (key.plain === char) return { usage: key.usage, shift: false };
    if (key.shifted === char) return { usage: key.usage, shift: true };
  }
  throw new Error(`No US key types ${JSON.stringify(char)}`);
}

const WORDS = [
  'Monsoon',
  'Rangoli',
  'Masala',
  'Kolam',
  'Tabla',
  'Jalebi',
  'Peacock',
  'Banyan',
  'Chutney',
  'Sitar',
  'Lotus',
  'Kathak',
];
const SYMBOLS = '!@#$%&*';

/** The password the payload set: different for every start of the lab. */
export function payloadPassword(lab: Pick<LabTools, 'instanceSecret'>): string {
  const secret = lab.instanceSecret('hid-password');
  const n = (from: number) => parseInt(secret.slice(from, from + 8), 16);
  const word = WORDS[n(0) % WORDS.length]!;
  const digits = String(1000 + (n(8) % 9000));
  return `${word}${SYMBOLS[n(16) % SYMBOLS.length]}${digits}${SYMBOLS[n(24) % SYMBOLS.length]}`;
}

type Step = { combo: [number, string] } | { type: string } | { delay: number };

function payload(password: string): Step[] {
  return [
    { delay: 1.5 },
    { combo: [LEFT_GUI, 'r'] },
    { delay: 0.6 },
    { type: 'cmd\n' },
    { delay: 1.2 },
    { type: `net user ${ACCOUNT} ${password} /add && net localgroup administrators ${ACCOUNT} /add\n` },
    { delay: 0.8 },
    { type: 'exit\n' },
  ];
}

function hex(bytes: number[]): string {
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** The capture: one boot-keyboard report per line, with its time in seconds. */
export function captureText(lab: Pick<LabTools, 'instanceSecret'>): string {
  // This typer presses Shift with whichever hand the payload's author configured.
  const shiftBit = parseInt(lab.instanceSecret('hid-shift').slice(0, 2), 16) % 2 ? RIGHT_SHIFT : LEFT_SHIFT;
  const lines: string[] = [];
  let t = 0;
  const emit = (bytes: number[]) => {
    lines.push(`${t.toFixed(6).padStart(10)}  ${hex(bytes)}`);
  };
  const press = (modifier: number, usage: number) => {
    emit([modifier, 0, usage, 0, 0, 0, 0, 0]);
    t += 0.004;
    emit([0, 0, 0, 0, 0, 0, 0, 0]);
    t += 0.008;
  };
  for (const step of payload(payloadPassword(lab))) {
    if ('delay' in step) t += step.delay;
    else if ('combo' in step) press(step.combo[0], keyFor(step.combo[1]).usage);
    else {
      for (const char of step.type) {
        const key = keyFor(char);
        press(key.shift ? shiftBit : 0, key.usage);
      }
    }
  }
  return `# usbmon capture from RECEPTION-PC-02, bus 1, device 9
# device 18d1:4ee2 "Android" interface 03:01:01 (boot keyboard), endpoint 0x81 IN
# each line: time in seconds, then one 8-byte input report
# byte 0 modifiers, byte 1 reserved, bytes 2-7 usage IDs of the keys held down
${lines.join('\n')}
`;
}

interface Decoded {
  line: number;
  raw: string;
  error?: string;
  modifiers?: string[];
  keys?: string[];
  reserved?: number;
}

/** Decodes each report on its own: which modifiers and which physical keys it holds down. */
export function decodeReports(input: string): Decoded[] {
  const rows: Decoded[] = [];
  input.split(/\r?\n/).forEach((original, index) => {
    const line = original.replace(/#.*$/, '').trim();
    if (!line) return;
    if (rows.length >= MAX_REPORTS) throw new LabInputError(`Paste at most ${MAX_REPORTS} reports at a time.`);
    const hexPart = line
      .replace(/^\d+\.\d+\s+/, '')
      .replace(/0x/gi, '')
      .replace(/[\s:,-]/g, '');
    if (!/^[0-9a-f]{16}$/i.test(hexPart)) {
      rows.push({ line: index + 1, raw: line, error: 'not an 8-byte report (16 hex digits)' });
      return;
    }
    const bytes = hexPart.match(/../g)!.map((b) => parseInt(b, 16));
    const modifiers = MODIFIERS.filter((_name, bit) => bytes[0]! & (1 << bit));
    const keys = bytes
      .slice(2)
      .filter((usage) => usage !== 0)
      .map((usage) => {
        if (usage === 0x01) return 'ErrorRollOver (too many keys)';
        const key = BY_USAGE.get(usage);
        return key ? `[${key.label}]` : `usage 0x${usage.toString(16).padStart(2, '0')}`;
      });
    rows.push({ line: index + 1, raw: hex(bytes), modifiers, keys, reserved: bytes[1] });
  });
  return rows;
}

function decodedTable(rows: Decoded[]): string {
  if (!rows.length) return '<p>No reports found in what you pasted.</p>';
  return `<table>
<thead><tr><th scope="col">Line</th><th scope="col">Report</th><th scope="col">Modifiers held</th><th scope="col">Keys held down</th></tr></thead>
<tbody>
${rows
  .map((row) => {
    if (row.error)
      return `<tr><td>${row.line}</td><td><code>${esc(row.raw)}</code></td><td colspan="2">${esc(row.error)}</td></tr>`;
    const mods = row.modifiers!.length ? row.modifiers!.join(' + ') : '—';
    const keys = row.keys!.length
      ? row.keys!.join(' ')
      : row.modifiers!.length
        ? '(no key)'
        : '(nothing: all keys released)';
    const note = row.reserved ? ' (reserved byte is not 00)' : '';
    return `<tr><td>${row.line}</td><td><code>${esc(row.raw)}</code></td><td>${esc(mods)}</td><td>${esc(keys + note)}</td></tr>`;
  })
  .join('\n')}
</tbody>
</table>`;
}

function decoderForm(input = ''): string {
  return `<form method="post" action="decode" class="lab-form">
  <label>Reports, one per line (a timestamp in front is fine)
    <textarea name="reports" rows="8" autocapitalize="off" autocomplete="off" spellcheck="false" placeholder="08 00 15 00 00 00 00 00">${esc(input)}</textarea>
  </label>
  <button type="submit">Decode each report</button>
</form>`;
}

function answerForm(message = ''): string {
  return `<section class="lab-card" aria-labelledby="answer-title">
<h2 id="answer-title">Report your finding</h2>
<p>What password did the payload give the account it created?</p>
${message}
<form method="post" action="answer" class="lab-form">
  <label>Password, exactly as the PC received it <input name="password" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
  <button type="submit">Submit</button>
</form>
</section>`;
}

const NAV = `<p><a href="./">Incident</a> · <a href="capture">Capture</a> · <a href="decode">Report decoder</a> · <a href="usage">Usage table</a></p>`;

function homePage(message = '', status = 200): LabResponse {
  return page(
    'HID injection incident',
    `<h1>Incident: a "phone charger" that typed</h1>
${NAV}
<p>At the (fictional) Nilgiri Textiles office in Coimbatore, a visitor asked to charge a phone at the reception PC. Thirty seconds later a command window flashed and closed. USBGuard was in audit-only mode, so it let the device in but the SOC's <code>usbmon</code> capture caught everything the "phone" sent: it announced itself as a boot keyboard (interface <code>03:01:01</code>) and typed.</p>
<p>The PC uses a <strong>US English</strong> keyboard layout. Your job: read the raw HID reports, work out what was typed, and find the password the payload set for the account it created, so the account can be disabled and the password hunted for on other machines.</p>
<ul>
<li><a href="capture">The capture</a> (also as <a href="capture.txt">capture.txt</a>)</li>
<li><a href="decode">Report decoder</a>: shows which keys each report holds down</li>
<li><a href="usage">HID usage table</a> for the keys in this capture</li>
</ul>
${answerForm(message)}`,
    { status },
  );
}

function usagePage(): LabResponse {
  const printable = (value: string | undefined) =>
    value === undefined
      ? '—'
      : value === '\n'
        ? '(new line)'
        : value === '\t'
          ? '(tab)'
          : value === ' '
            ? '(space)'
            : value;
  return page(
    'HID usage table',
    `<h1>HID usage table (Keyboard/Keypad page)</h1>
${NAV}
<p>A report carries usage IDs, not characters. The host's layout turns them into characters; on a <strong>US</strong> layout:</p>
<table>
<thead><tr><th scope="col">Usage ID</th><th scope="col">Key</th><th scope="col">US, no Shift</th><th scope="col">US, with Shift</th></tr></thead>
<tbody>
${KEYS.map(
  (key) =>
    `<tr><td><code>0x${key.usage.toString(16).padStart(2, '0')}</code></td><td>${esc(key.label)}</td><td><code>${esc(printable(key.plain))}</code></td><td><code>${esc(printable(key.shifted))}</code></td></tr>`,
).join('\n')}
</tbody>
</table>
<h2>Byte 0: modifier bits</h2>
<table>
<thead><tr><th scope="col">Bit</th><th scope="col">Value</th><th scope="col">Modifier</th></tr></thead>
<tbody>
${MODIFIERS.map(
  (name, bit) =>
    `<tr><td>${bit}</td><td><code>0x${(1 << bit).toString(16).padStart(2, '0')}</code></td><td>${esc(name)}</td></tr>`,
).join('\n')}
</tbody>
</table>
<p>A key press is a report with the key in bytes 2–7, followed by a report without it (often all zeros) when the key is released.</p>`,
  );
}

/** What the same key presses give when Shift is ignored, and on a UK layout: the two usual mistakes. */
function misreadings(password: string): { noShift: string; uk: string } {
  const UK: Record<string, string> = { '@': '"', '#': '£', '"': '@' };
  let noShift = '';
  let uk = '';
  for (const char of password) {
    const key = keyFor(char);
    noShift += BY_USAGE.get(key.usage)!.plain!;
    uk += UK[char] ?? char;
  }
  return { noShift, uk };
}

const target: LabTarget = {
  id: 'htm-hid-keystrokes',
  routes: {
    'GET /': () => homePage(),
    'GET /capture': (_request, lab) =>
      page(
        'Capture',
        `<h1>usbmon capture</h1>
${NAV}
<p>Every report the "phone" sent, in order. Copy a few lines (or all of them) into the <a href="decode">report decoder</a>. <a href="capture.txt">Download as capture.txt</a>.</p>
<pre>${esc(captureText(lab))}</pre>`,
      ),
    'GET /capture.txt': (_request, lab) =>
      text(captureText(lab), {
        headers: { 'content-disposition': 'attachment; filename="capture.txt"' },
      }),
    'GET /usage': () => usagePage(),
    'GET /decode': () =>
      page(
        'Report decoder',
        `<h1>Report decoder</h1>
${NAV}
<p>Paste one or more 8-byte reports. Each is decoded on its own: the modifiers and the physical keys it holds down. Turning keys into characters (Shift, layout, key releases) is your part.</p>
${decoderForm()}`,
      ),
    'POST /decode': (request) => {
      const input = request.form().get('reports') ?? '';
      const rows = decodeReports(input);
      return page(
        'Report decoder',
        `<h1>Report decoder</h1>
${NAV}
${decoderForm(input)}
<h2>Decoded reports</h2>
${decodedTable(rows)}`,
      );
    },
    'POST /answer': (request, lab) => {
      const given = request.form().get('password') ?? '';
      const password = payloadPassword(lab);
      if (given === password) {
        const flag = lab.solve();
        return page(
          'Finding confirmed',
          `<h1>Finding confirmed</h1>
<p>The payload opened the Run dialog with Win+R, started <code>cmd</code> and typed <code>net user ${esc(ACCOUNT)} ${esc(password)} /add</code>, then added the account to the local administrators. The SOC can now disable <code>${esc(ACCOUNT)}</code> and search for that password elsewhere.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
        );
      }
      const { noShift, uk } = misreadings(password);
      let message = 'That is not the password the payload typed.';
      if (given === noShift) {
        message = 'Those are the right keys, but Shift was down for some of them: look at byte 0 of each report.';
      } else if (given === uk) {
        message = 'That is what a UK layout would have shown. This PC uses a US layout.';
      } else if (given.toLowerCase() === password.toLowerCase()) {
        message = 'Close: check which letters were typed with Shift held down.';
      }
      return homePage(`<p class="lab-error" role="alert">${esc(message)}</p>`, 400);
    },
  },
};

export default target;
