// A small model of Android for the mobile labs, written from the platform's documented rules:
// - a manifest (components, intent filters, permissions) rendered as the XML jadx shows;
// - Uri parsing as android.net.Uri does it, and intent-filter matching as IntentFilter does
//   it (action, categories, then data: scheme, host, port, path / pathPrefix / pathPattern);
// - a command line read the way it really is: your computer's shell, then `adb shell`
//   joining its arguments with spaces (adb does not re-quote, like ssh), then the device's
//   shell (quotes, backslashes, `;`, `&`, `&&`, `||`, `$VAR`), then `am start`'s options;
// - a device that resolves and starts activities, refusing the shell user (uid 2000)
//   what is not exported or needs a permission it lacks, and runs each activity's
//   simulated code, which may itself start activities with the app's own identity.
// Nothing starts a process or touches a device: the "apps" are data and JS functions.

// ---------------------------------------------------------------------------------------
// The manifest

/** One `<data>` element; a filter's `<data>` elements pool their attributes, as on Android. */
export interface DataSpec {
  scheme?: string;
  host?: string;
  port?: string;
  path?: string;
  pathPrefix?: string;
  pathPattern?: string;
  mimeType?: string;
}

export interface IntentFilterSpec {
  actions: string[];
  categories?: string[];
  data?: DataSpec[];
  autoVerify?: boolean;
}

export type ComponentKind = 'activity' | 'service' | 'receiver' | 'provider';

export interface ComponentSpec {
  kind: ComponentKind;
  /** The class: `.ui.SplashActivity` (relative to the package) or fully qualified. */
  name: string;
  /** Left out: the platform's default (exported if it has an intent filter; providers not). */
  exported?: boolean;
  permission?: string;
  filters?: IntentFilterSpec[];
  /** Other `android:` attributes, in order (`authorities`, `theme`, `windowSoftInputMode`…). */
  attributes?: Record<string, string>;
}

export interface ManifestSpec {
  package: string;
  versionCode: number;
  versionName: string;
  minSdk: number;
  targetSdk: number;
  usesPermissions: string[];
  permissions?: { name: string; protectionLevel: string }[];
  /** `android:` attributes of `<application>`, in order. */
  application: Record<string, string>;
  components: ComponentSpec[];
}

export const ACTION_MAIN = 'android.intent.action.MAIN';
export const ACTION_VIEW = 'android.intent.action.VIEW';
export const CATEGORY_DEFAULT = 'android.intent.category.DEFAULT';
export const CATEGORY_BROWSABLE = 'android.intent.category.BROWSABLE';
export const CATEGORY_LAUNCHER = 'android.intent.category.LAUNCHER';
export const FLAG_ACTIVITY_NEW_TASK = 0x10000000;

/** The fully qualified class of a component name as written in a manifest. */
export function qualify(pkg: string, name: string): string {
  if (name.startsWith('.')) return pkg + name;
  return name.includes('.') ? name : `${pkg}.${name}`;
}

/** `pkg/.rest` when the class lives under the package, as Android prints components. */
export function shortComponent(pkg: string, cls: string): string {
  return cls.startsWith(`${pkg}.`) ? `${pkg}/${cls.slice(pkg.length)}` : `${pkg}/${cls}`;
}

export function isExported(manifest: ManifestSpec, component: ComponentSpec): boolean {
  if (component.exported !== undefined) return component.exported;
  if (component.kind === 'provider') return manifest.targetSdk <= 16;
  return (component.filters?.length ?? 0) > 0;
}

function xmlAttr(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

function attrs(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name.includes(':') ? name : `android:${name}`}="${xmlAttr(value)}"`)
    .join('');
}

/** The manifest as jadx decodes it (fully qualified names, four-space indents). */
export function manifestXml(m: ManifestSpec): string {
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<manifest xmlns:android="http://schemas.android.com/apk/res/android"${attrs({ versionCode: String(m.versionCode), versionName: m.versionName, compileSdkVersion: String(m.targetSdk) })} package="${xmlAttr(m.package)}">`,
    `    <uses-sdk${attrs({ minSdkVersion: String(m.minSdk), targetSdkVersion: String(m.targetSdk) })}/>`,
    ...m.usesPermissions.map((p) => `    <uses-permission${attrs({ name: p })}/>`),
    ...(m.permissions ?? []).map(
      (p) => `    <permission${attrs({ name: p.name, protectionLevel: p.protectionLevel })}/>`,
    ),
    `    <application${attrs(m.application)}>`,
  ];
  for (const c of m.components) {
    const head = `        <${c.kind}${attrs({
      name: qualify(m.package, c.name),
      exported: c.exported === undefined ? undefined : String(c.exported),
      permission: c.permission,
      ...c.attributes,
    })}`;
    if (!c.filters?.length) {
      out.push(`${head}/>`);
      continue;
    }
    out.push(`${head}>`);
    for (const f of c.filters) {
      out.push(`            <intent-filter${f.autoVerify ? ' android:autoVerify="true"' : ''}>`);
      for (const a of f.actions) out.push(`                <action${attrs({ name: a })}/>`);
      for (const k of f.categories ?? []) out.push(`                <category${attrs({ name: k })}/>`);
      for (const d of f.data ?? []) out.push(`                <data${attrs({ ...d })}/>`);
      out.push('            </intent-filter>');
    }
    out.push(`        </${c.kind}>`);
  }
  out.push('    </application>', '</manifest>', '');
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------
// Uri, as android.net.Uri.parse reads a string (leniently: it never rejects one)

export interface AndroidUri {
  text: string;
  scheme: string | null;
  /** Decoded host (`getHost()`), null when there is no authority. */
  host: string | null;
  port: number;
  /** Decoded path (`getPath()`), null for an opaque URI such as `mailto:x`. */
  path: string | null;
  /** Encoded query (`getEncodedQuery()`). */
  query: string | null;
  hierarchical: boolean;
}

/** Percent-decoding as Uri does it: bad escapes are kept, bytes are read as UTF-8. */
export function decodePercent(value: string, plusAsSpace = false): string {
  const s = plusAsSpace ? value.replaceAll('+', ' ') : value;
  return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => Buffer.from(run.replaceAll('%', ''), 'hex').toString('utf8'));
}

export function parseUri(text: string): AndroidUri {
  const colon = text.indexOf(':');
  const firstDelimiter = text.search(/[/?#]/);
  const hasScheme = colon > 0 && (firstDelimiter < 0 || colon < firstDelimiter);
  const scheme = hasScheme ? text.slice(0, colon) : null;
  let rest = hasScheme ? text.slice(colon + 1) : text;
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const hierarchical = !hasScheme || rest.startsWith('/');
  if (!hierarchical) return { text, scheme, host: null, port: -1, path: null, query: null, hierarchical };
  let authority: string | null = null;
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?]/);
    authority = end < 0 ? rest.slice(2) : rest.slice(2, end + 2);
    rest = end < 0 ? '' : rest.slice(end + 2);
  }
  const q = rest.indexOf('?');
  const encodedPath = q < 0 ? rest : rest.slice(0, q);
  const query = q < 0 ? null : rest.slice(q + 1);
  let host: string | null = null;
  let port = -1;
  if (authority !== null) {
    const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
    const portColon = hostPort.lastIndexOf(':');
    const portText = portColon >= 0 && !hostPort.endsWith(']') ? hostPort.slice(portColon + 1) : '';
    host = decodePercent(portColon >= 0 && !hostPort.endsWith(']') ? hostPort.slice(0, portColon) : hostPort);
    port = /^\d{1,5}$/.test(portText) ? Number(portText) : -1;
  }
  return { text, scheme, host, port, path: decodePercent(encodedPath), query, hierarchical };
}

function queryPairs(uri: AndroidUri): [string, string][] {
  if (!uri.hierarchical)
    throw new AndroidException('java.lang.UnsupportedOperationException', 'This isn\u2019t a hierarchical URI.');
  if (!uri.query) return [];
  return uri.query.split('&').map((part) => {
    const eq = part.indexOf('=');
    return eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
  });
}

/** `Uri.getQueryParameter`: the first value for the name, decoded, `+` read as a space. */
export function getQueryParameter(uri: AndroidUri, name: string): string | null {
  const pair = queryPairs(uri).find(([key]) => decodePercent(key) === name);
  return pair ? decodePercent(pair[1], true) : null;
}

/** `Uri.getQueryParameterNames`: the decoded names, each once, in order. */
export function getQueryParameterNames(uri: AndroidUri): string[] {
  return [...new Set(queryPairs(uri).map(([key]) => decodePercent(key)))];
}

// ---------------------------------------------------------------------------------------
// Intents and intent filters

export type ExtraType = 'String' | 'Boolean' | 'Integer' | 'Long' | 'Float';
export interface Extra {
  type: ExtraType;
  value: string | boolean | number | null;
}

export interface Intent {
  action?: string;
  categories: string[];
  data?: string;
  type?: string;
  component?: { pkg: string; cls: string };
  pkg?: string;
  extras: Map<string, Extra>;
  flags: number;
}

export function newIntent(fields: Partial<Intent> = {}): Intent {
  return { categories: [], extras: new Map(), flags: 0, ...fields };
}

/** `Intent.toShortString`, as `am` and ActivityTaskManager print it. */
export function intentString(intent: Intent, withFlags = true): string {
  const parts: string[] = [];
  if (intent.action) parts.push(`act=${intent.action}`);
  if (intent.categories.length) parts.push(`cat=[${intent.categories.join(',')}]`);
  if (intent.data !== undefined) parts.push(`dat=${intent.data}`);
  if (intent.type) parts.push(`typ=${intent.type}`);
  if (withFlags && intent.flags) parts.push(`flg=0x${intent.flags.toString(16)}`);
  if (intent.pkg) parts.push(`pkg=${intent.pkg}`);
  if (intent.component) parts.push(`cmp=${shortComponent(intent.component.pkg, intent.component.cls)}`);
  if (intent.extras.size) parts.push('(has extras)');
  return `Intent { ${parts.join(' ')} }`;
}

/** PatternMatcher.PATTERN_SIMPLE_GLOB: `.` any character, `*` zero or more of the one before, `\` escapes. */
export function simpleGlobMatch(pattern: string, value: string): boolean {
  // Tokens: [char or ANY, starred]
  const tokens: { ch: string | null; star: boolean }[] = [];
  for (let i = 0; i < pattern.length; i += 1) {
    let ch: string | null = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) ch = pattern[++i]!;
    else if (ch === '.') ch = null;
    else if (ch === '*') {
      if (tokens.length) tokens[tokens.length - 1]!.star = true;
      continue;
    }
    tokens.push({ ch, star: false });
  }
  // Dynamic programming over (token, position): linear in pattern × value, no backtracking.
  let reachable = new Set<number>([0]);
  for (const token of tokens) {
    const next = new Set<number>();
    for (const at of [...reachable].sort((a, b) => a - b)) {
      if (token.star) {
        next.add(at);
        let p = at;
        while (p < value.length && (token.ch === null || value[p] === token.ch)) next.add(++p);
      } else if (at < value.length && (token.ch === null || value[at] === token.ch)) {
        next.add(at + 1);
      }
    }
    reachable = next;
    if (!reachable.size) return false;
  }
  return reachable.has(value.length);
}

function hostMatches(filterHost: string, host: string): boolean {
  if (filterHost === '*') return true;
  if (filterHost.startsWith('*')) return host.endsWith(filterHost.slice(1));
  return filterHost === host;
}

function typeMatches(filterType: string, type: string): boolean {
  if (filterType === '*/*' || filterType === type) return true;
  const [major, minor] = filterType.split('/');
  return minor === '*' && type.split('/')[0] === major;
}

/** IntentFilter.matchData: data and type against the pooled `<data>` attributes. */
function matchData(filter: IntentFilterSpec, intent: Intent): boolean {
  const data = filter.data ?? [];
  const schemes = data.flatMap((d) => (d.scheme === undefined ? [] : [d.scheme]));
  const hosts = data.flatMap((d) => (d.host === undefined ? [] : [{ host: d.host, port: d.port }]));
  const types = data.flatMap((d) => (d.mimeType === undefined ? [] : [d.mimeType]));
  const paths = data.filter((d) => d.path !== undefined || d.pathPrefix !== undefined || d.pathPattern !== undefined);
  const uri = intent.data === undefined ? null : parseUri(intent.data);
  if (!schemes.length && !types.length) return uri === null && !intent.type;
  const scheme = uri?.scheme ?? '';
  if (schemes.length) {
    if (!schemes.includes(scheme)) return false;
    if (hosts.length) {
      const host = uri?.host;
      const port = uri?.port ?? -1;
      const authorityOk =
        host != null &&
        hosts.some((h) => hostMatches(h.host, host) && (h.port === undefined || Number(h.port) === port));
      if (!authorityOk) return false;
      if (paths.length) {
        const path = uri?.path ?? '';
        const pathOk = paths.some((d) =>
          d.path !== undefined
            ? path === d.path
            : d.pathPrefix !== undefined
              ? path.startsWith(d.pathPrefix)
              : simpleGlobMatch(d.pathPattern!, path),
        );
        if (!pathOk) return false;
      }
    }
  } else if (scheme !== '' && scheme !== 'content' && scheme !== 'file') {
    return false;
  }
  if (types.length) return !!intent.type && types.some((t) => typeMatches(t, intent.type!));
  return !intent.type;
}

/** IntentFilter.match: the action, every category of the intent, then the data. */
export function filterMatches(filter: IntentFilterSpec, intent: Intent): boolean {
  const actionOk = intent.action ? filter.actions.includes(intent.action) : filter.actions.length > 0;
  if (!actionOk) return false;
  if (!intent.categories.every((c) => filter.categories?.includes(c))) return false;
  return matchData(filter, intent);
}

// ---------------------------------------------------------------------------------------
// The shells: your computer's and the device's (a POSIX-ish subset, as mksh reads it)

export class ShellError extends Error {}

export type ShellOperator = ';' | '&' | '&&' | '||' | '|';
export interface ShellCommand {
  words: string[];
  /** How this command is joined to the next one (null for the last). */
  then: ShellOperator | null;
}

const MAX_LINE = 2000;
const MAX_COMMANDS = 10;

/** `$NAME`, `${NAME}` and special parameters expand to nothing (no variables are set). */
function expandAt(line: string, at: number): { value: string; end: number } {
  const next = line[at + 1] ?? '';
  if (next === '(') throw new ShellError('command substitution $(…) is not emulated in this lab');
  if (next === '{') {
    const close = line.indexOf('}', at + 2);
    if (close < 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(line.slice(at + 2, close)))
      throw new ShellError('${…}: bad substitution');
    return { value: '', end: close + 1 };
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(line.slice(at + 1));
  if (name) return { value: '', end: at + 1 + name[0].length };
  if (/[0-9?$#!@*-]/.test(next) && next !== '') return { value: '', end: at + 2 };
  return { value: '$', end: at + 1 };
}

/** Splits a line into commands of words, applying quotes, escapes and expansions. */
export function parseShellLine(line: string): ShellCommand[] {
  if (line.length > MAX_LINE) throw new ShellError(`lines longer than ${MAX_LINE} characters are not accepted`);
  const commands: ShellCommand[] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = (op: ShellOperator | '\n') => {
    endWord();
    if (!words.length) {
      if (op === '\n') return;
      throw new ShellError(`syntax error: '${op}' unexpected`);
    }
    commands.push({ words, then: op === '\n' ? ';' : op });
    words = [];
    if (commands.length > MAX_COMMANDS) throw new ShellError(`more than ${MAX_COMMANDS} commands in one line`);
  };
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === '\\') {
      if (line[i + 1] === '\n') i += 2;
      else if (i + 1 < line.length) {
        word += line[i + 1];
        inWord = true;
        i += 2;
      } else i += 1;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new ShellError('syntax error: unterminated quoted string');
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      inWord = true;
      i += 1;
      for (;;) {
        if (i >= line.length) throw new ShellError('syntax error: unterminated quoted string');
        const d = line[i]!;
        if (d === '"') {
          i += 1;
          break;
        }
        if (d === '\\' && i + 1 < line.length && '$`"\\\n'.includes(line[i + 1]!)) {
          if (line[i + 1] !== '\n') word += line[i + 1];
          i += 2;
        } else if (d === '$') {
          const { value, end } = expandAt(line, i);
          word += value;
          i = end;
        } else if (d === '`') {
          throw new ShellError('command substitution `…` is not emulated in this lab');
        } else {
          word += d;
          i += 1;
        }
      }
    } else if (c === '$') {
      const { value, end } = expandAt(line, i);
      word += value;
      if (value) inWord = true;
      i = end;
    } else if (c === '`') {
      throw new ShellError('command substitution `…` is not emulated in this lab');
    } else if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i += 1;
    } else if (c === '#' && !inWord) {
      const nl = line.indexOf('\n', i);
      i = nl < 0 ? line.length : nl;
    } else if (c === '\n') {
      endCommand('\n');
      i += 1;
    } else if (c === ';') {
      endCommand(';');
      i += 1;
    } else if (c === '&' || c === '|') {
      const double = line[i + 1] === c;
      endCommand((double ? c + c : c) as ShellOperator);
      i += double ? 2 : 1;
    } else if (c === '<' || c === '>') {
      throw new ShellError('redirections are not emulated in this lab');
    } else if (c === '(' || c === ')') {
      throw new ShellError(`syntax error: '${c}' unexpected`);
    } else {
      word += c;
      inWord = true;
      i += 1;
    }
  }
  endWord();
  if (words.length) commands.push({ words, then: null });
  else if (commands.length) {
    const last = commands[commands.length - 1]!;
    if (last.then === '&&' || last.then === '||' || last.then === '|')
      throw new ShellError('syntax error: unexpected end of line');
    last.then = null;
  }
  return commands;
}

// ---------------------------------------------------------------------------------------
// `am start`'s arguments (Intent.parseCommandArgs and ActivityManagerShellCommand)

export interface AmStart {
  intent: Intent;
  wait: boolean;
}

export class AmUsageError extends Error {}

function needValue(args: string[], i: number, option: string): string {
  const value = args[i];
  if (value === undefined) throw new AmUsageError(`Error: No argument supplied for ${option}`);
  return value;
}

function parseComponent(value: string): { pkg: string; cls: string } {
  const slash = value.indexOf('/');
  if (slash <= 0 || slash === value.length - 1) throw new AmUsageError(`Error: Bad component name: ${value}`);
  const pkg = value.slice(0, slash);
  const cls = value.slice(slash + 1);
  return { pkg, cls: cls.startsWith('.') ? pkg + cls : cls };
}

const ACTIVITY_FLAGS: Record<string, number> = {
  '--activity-brought-to-front': 0x00400000,
  '--activity-clear-top': 0x04000000,
  '--activity-clear-task': 0x00008000,
  '--activity-exclude-from-recents': 0x00800000,
  '--activity-multiple-task': 0x08000000,
  '--activity-new-task': 0x10000000,
  '--activity-no-history': 0x40000000,
  '--activity-single-top': 0x20000000,
};

export function parseAmStart(args: string[]): AmStart {
  const intent = newIntent();
  let wait = false;
  let i = 0;
  const putExtra = (key: string, extra: Extra) => intent.extras.set(key, extra);
  const integer = (option: string, text: string, long = false) => {
    if (!/^-?\d+$/.test(text) || (!long && Math.abs(Number(text)) > 2 ** 31)) {
      throw new AmUsageError(`Error: ${option}: java.lang.NumberFormatException: For input string: "${text}"`);
    }
    return Number(text);
  };
  while (i < args.length) {
    const option = args[i]!;
    i += 1;
    switch (option) {
      case '-a':
        intent.action = needValue(args, i++, option);
        break;
      case '-d':
        intent.data = needValue(args, i++, option);
        break;
      case '-t':
        intent.type = needValue(args, i++, option);
        break;
      case '-c':
        intent.categories.push(needValue(args, i++, option));
        break;
      case '-n':
        intent.component = parseComponent(needValue(args, i++, option));
        break;
      case '-p':
        intent.pkg = needValue(args, i++, option);
        break;
      case '-f': {
        const value = needValue(args, i++, option);
        const n = /^0x[0-9a-f]+$/i.test(value) ? parseInt(value, 16) : /^\d+$/.test(value) ? Number(value) : NaN;
        if (!Number.isFinite(n)) throw new AmUsageError(`Error: Bad flags: ${value}`);
        intent.flags |= n;
        break;
      }
      case '-e':
      case '--es':
        putExtra(needValue(args, i, option), { type: 'String', value: needValue(args, i + 1, option) });
        i += 2;
        break;
      case '--esn':
        putExtra(needValue(args, i++, option), { type: 'String', value: null });
        break;
      case '--ez': {
        const key = needValue(args, i, option);
        const raw = needValue(args, i + 1, option).toLowerCase();
        i += 2;
        const value = ['true', 't', '1'].includes(raw) ? true : ['false', 'f', '0'].includes(raw) ? false : null;
        if (value === null) throw new AmUsageError(`Error: Invalid boolean value: ${raw}`);
        putExtra(key, { type: 'Boolean', value });
        break;
      }
      case '--ei':
        putExtra(needValue(args, i, option), {
          type: 'Integer',
          value: integer(option, needValue(args, i + 1, option)),
        });
        i += 2;
        break;
      case '--el':
        putExtra(needValue(args, i, option), {
          type: 'Long',
          value: integer(option, needValue(args, i + 1, option), true),
        });
        i += 2;
        break;
      case '--ef': {
        const value = Number(needValue(args, i + 1, option));
        if (!Number.isFinite(value)) throw new AmUsageError(`Error: ${option}: java.lang.NumberFormatException`);
        putExtra(needValue(args, i, option), { type: 'Float', value });
        i += 2;
        break;
      }
      case '--eu':
        putExtra(needValue(args, i, option), { type: 'String', value: needValue(args, i + 1, option) });
        i += 2;
        break;
      case '-W':
        wait = true;
        break;
      case '-S':
      case '-D':
      case '-N':
        break;
      case '--user':
      case '--display':
      case '--windowingMode':
      case '--activityType': {
        const value = needValue(args, i++, option);
        if (option === '--user' && !['0', 'current', 'all'].includes(value)) {
          throw new AmUsageError(`Error: user ${value} is not running on this device`);
        }
        break;
      }
      default: {
        if (option in ACTIVITY_FLAGS) {
          intent.flags |= ACTIVITY_FLAGS[option]!;
          break;
        }
        if (option.startsWith('-')) throw new AmUsageError(`Error: Unknown option: ${option}`);
        if (i < args.length) throw new AmUsageError(`Error: Unexpected argument: ${args[i]}`);
        // The last argument may be a URI, a component or a package, as `am` reads it.
        if (option.includes(':')) {
          intent.action ??= ACTION_VIEW;
          intent.data ??= option;
        } else if (option.includes('/')) {
          intent.action ??= ACTION_MAIN;
          if (!intent.categories.length) intent.categories.push(CATEGORY_LAUNCHER);
          intent.component ??= parseComponent(option);
        } else {
          intent.action ??= ACTION_MAIN;
          if (!intent.categories.length) intent.categories.push(CATEGORY_LAUNCHER);
          intent.pkg ??= option;
        }
      }
    }
  }
  if (!intent.action && !intent.data && !intent.component && !intent.pkg && !intent.type && !intent.categories.length) {
    throw new AmUsageError('Error: No intent supplied');
  }
  return { intent, wait };
}

// ---------------------------------------------------------------------------------------
// The device

/** A Java exception thrown by simulated app code or the system (class name and message). */
export class AndroidException extends Error {
  constructor(
    public readonly javaClass: string,
    message: string,
  ) {
    super(message);
  }
}

/** What an activity's simulated `onCreate` can do. */
export interface ActivityContext {
  readonly intent: Intent;
  readonly packageName: string;
  /** `getIntent().getData()` parsed, or null. */
  data(): AndroidUri | null;
  /** `getStringExtra`: null (with the Bundle's warning) when the extra has another type. */
  getStringExtra(key: string): string | null;
  getBooleanExtra(key: string, fallback: boolean): boolean;
  /** `startActivity` with the app's identity; throws ActivityNotFoundException / SecurityException. */
  startActivity(intent: Intent): void;
  log(level: 'V' | 'D' | 'I' | 'W' | 'E', tag: string, message: string): void;
  toast(message: string): void;
  /** `setContentView`: what the screen shows while this activity is in front (trusted markup). */
  setContent(title: string, html: string): void;
  finish(): void;
}

export type ActivityCode = (ctx: ActivityContext) => void;

export interface InstalledApp {
  manifest: ManifestSpec;
  label: string;
  uid: number;
  /** Simulated `onCreate` by fully qualified class name. */
  code: Record<string, ActivityCode>;
}

export interface Screen {
  app: string;
  activity: string;
  title: string;
  html: string;
}

export interface DeviceRun {
  /** Terminal lines: `$ command` and what it printed. */
  terminal: string[];
  /** Explanations of what the shells did with the line (not printed by a real terminal). */
  notes: string[];
  logcat: string[];
  screen: Screen;
  toasts: string[];
  /** Fully qualified classes whose onCreate ran, in order. */
  launched: string[];
}

export const SHELL_UID = 2000;
const MAX_LAUNCHES = 8;

interface Resolved {
  app: InstalledApp;
  component: ComponentSpec;
  cls: string;
}

interface Outcome {
  output: string[];
  exit: number;
}

const LAUNCHER_SCREEN: Screen = {
  app: 'Launcher',
  activity: 'com.android.launcher3/.uioverlay.QuickstepLauncher',
  title: 'Home screen',
  html: '<p>The emulator\u2019s home screen. Nothing from the lab app is open.</p>',
};

export class Device {
  private run!: DeviceRun;
  private stack: { cls: string; app: InstalledApp; screen: Screen | null }[] = [];
  private pending: { resolved: Resolved; intent: Intent; callerUid: number }[] = [];
  private crashed = new Set<number>();

  constructor(
    private readonly apps: InstalledApp[],
    private readonly pid = 4711,
  ) {}

  /** Runs one line typed at the learner's terminal: `adb …` on the computer, or a device command. */
  execute(line: string): DeviceRun {
    this.run = { terminal: [], notes: [], logcat: [], screen: LAUNCHER_SCREEN, toasts: [], launched: [] };
    this.stack = [];
    this.crashed.clear();
    const trimmed = line.trim();
    this.run.terminal.push(...trimmed.split('\n').map((l, i) => `${i ? '>' : '$'} ${l}`));
    try {
      const host = parseShellLine(trimmed);
      if (host[0]?.words[0] === 'adb') this.runHost(host);
      else this.runDevice(trimmed, host);
    } catch (error) {
      if (!(error instanceof ShellError)) throw error;
      this.run.terminal.push(`sh: ${error.message}`);
    }
    const top = [...this.stack].reverse().find((entry) => entry.screen);
    if (top?.screen) this.run.screen = top.screen;
    else if (this.stack.length) {
      const last = this.stack[this.stack.length - 1]!;
      this.run.screen = {
        app: last.app.label,
        activity: shortComponent(last.app.manifest.package, last.cls),
        title: last.cls.slice(last.cls.lastIndexOf('.') + 1),
        html: '<p>(An empty screen.)</p>',
      };
    }
    return this.run;
  }

  private chain(commands: ShellCommand[], runOne: (words: string[]) => number | 'exit'): void {
    let exit = 0;
    let previous: ShellOperator | null = null;
    for (const command of commands) {
      const skip = (previous === '&&' && exit !== 0) || (previous === '||' && exit === 0);
      previous = command.then;
      if (skip) continue;
      const result = runOne(command.words);
      if (result === 'exit') return;
      exit = result;
    }
  }

  private runHost(commands: ShellCommand[]): void {
    if (commands.some((c) => c.then === '|')) {
      this.run.terminal.push('sh: pipes are not emulated in this lab: run one command at a time.');
      return;
    }
    commands.forEach((command, index) => {
      if (command.then === '&' && commands[index + 1]) {
        this.run.notes.push(
          `Your computer\u2019s shell ended the command at an unquoted <code>&amp;</code> and ran it in the background; <code>${escapeHtml(commands[index + 1]!.words.join(' '))}</code> ran as a separate command. Quote the whole URI.`,
        );
      }
    });
    this.chain(commands, (words) => {
      if (words[0] !== 'adb') {
        if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!) && words.length === 1) return 0;
        this.run.terminal.push(`sh: ${words[0]}: this lab's computer only runs adb`);
        return 127;
      }
      let i = 1;
      while (['-d', '-e', '-s', '-t'].includes(words[i] ?? '')) i += words[i] === '-s' || words[i] === '-t' ? 2 : 1;
      const sub = words[i];
      const rest = words.slice(i + 1);
      if (sub === 'shell') {
        while (['-t', '-T', '-x', '-n'].includes(rest[0] ?? '')) rest.shift();
        if (!rest.length) {
          this.run.terminal.push('This lab runs one command at a time: put it after adb shell.');
          return 1;
        }
        // adb joins its arguments with spaces and hands the string to the device's shell.
        const deviceLine = rest.join(' ');
        this.run.notes.push(`adb passed this line to the device\u2019s shell: <code>${escapeHtml(deviceLine)}</code>`);
        return this.runDevice(deviceLine, null);
      }
      switch (sub) {
        case 'devices':
          this.run.terminal.push('List of devices attached', 'emulator-5554\tdevice', '');
          return 0;
        case 'root':
          this.run.terminal.push('adbd cannot run as root in production builds');
          return 1;
        case 'unroot':
          this.run.terminal.push('adbd not running as root');
          return 0;
        case undefined:
          this.run.terminal.push('adb: usage: adb [-s SERIAL] shell COMMAND…');
          return 1;
        default:
          this.run.terminal.push(`adb ${sub} is not emulated in this lab: use adb shell am start …`);
          return 1;
      }
    });
  }

  /** Runs a line in the device's shell as the shell user (uid 2000). */
  private runDevice(line: string, parsed: ShellCommand[] | null): number {
    let commands: ShellCommand[];
    try {
      commands = parsed ?? parseShellLine(line);
    } catch (error) {
      if (!(error instanceof ShellError)) throw error;
      this.run.terminal.push(`/system/bin/sh: ${error.message}`);
      return 1;
    }
    if (commands.some((c) => c.then === '|')) {
      this.run.terminal.push('/system/bin/sh: pipes are not emulated in this lab: run one command at a time.');
      return 1;
    }
    commands.forEach((command, index) => {
      if (command.then === '&' && commands[index + 1]) {
        this.run.notes.push(
          `The device\u2019s shell ended the command at an unquoted <code>&amp;</code> and ran it in the background; <code>${escapeHtml(commands[index + 1]!.words.join(' '))}</code> ran as a separate command. Quote the URI so that the device\u2019s shell sees the quotes (for example <code>adb shell "am start -d '…'"</code>), or type the command at the device prompt.`,
        );
      }
    });
    let last = 0;
    this.chain(commands, (all) => {
      let start = 0;
      while (start < all.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(all[start]!)) start += 1;
      const words = all.slice(start);
      if (!words.length) return (last = 0);
      if (words[0] === 'exit') return 'exit';
      const outcome = this.deviceCommand(words);
      this.run.terminal.push(...outcome.output);
      return (last = outcome.exit);
    });
    return last;
  }

  private deviceCommand(words: string[]): Outcome {
    const [name, sub] = words;
    switch (name) {
      case 'am':
        if (sub === 'start' || sub === 'start-activity') return this.amStart(words.slice(2));
        if (sub === undefined)
          return { output: ['usage: am start [-a ACTION] [-d URI] [-n PKG/.CLASS] [--es KEY VALUE]…'], exit: 1 };
        return { output: [`am ${sub}: not emulated in this lab (it emulates am start only).`], exit: 1 };
      case 'pm':
        if (sub === 'list' && words[2] === 'packages') {
          const filter = words[3] ?? '';
          return {
            output: this.apps.map((a) => `package:${a.manifest.package}`).filter((p) => p.includes(filter)),
            exit: 0,
          };
        }
        return { output: [`${sub ? `pm ${sub}` : 'pm'}: not emulated in this lab (try pm list packages).`], exit: 1 };
      case 'echo':
        return { output: [words.slice(1).join(' ')], exit: 0 };
      case 'id':
        return {
          output: [
            'uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),3003(inet) context=u:r:shell:s0',
          ],
          exit: 0,
        };
      case 'whoami':
        return { output: ['shell'], exit: 0 };
      default:
        return { output: [`/system/bin/sh: ${name}: inaccessible or not found`], exit: 127 };
    }
  }

  private amStart(args: string[]): Outcome {
    let parsed: AmStart;
    try {
      parsed = parseAmStart(args);
    } catch (error) {
      if (error instanceof AmUsageError) return { output: [error.message], exit: 1 };
      throw error;
    }
    const { intent, wait } = parsed;
    const output = [`Starting: ${intentString(intent, false)}`];
    intent.flags |= FLAG_ACTIVITY_NEW_TASK;
    try {
      const resolved = this.resolve(intent, SHELL_UID);
      this.launchAll(resolved, intent, SHELL_UID);
      if (wait) {
        output.push(
          'Status: ok',
          'LaunchState: COLD',
          `Activity: ${shortComponent(resolved.app.manifest.package, resolved.cls)}`,
          'TotalTime: 412',
          'WaitTime: 418',
          'Complete',
        );
      }
      return { output, exit: 0 };
    } catch (error) {
      if (!(error instanceof AndroidException)) throw error;
      if (error.javaClass === 'am.Error') output.push(error.message);
      else {
        output.push(
          "Exception occurred while executing 'start':",
          `${error.javaClass}: ${error.message}`,
          '\tat com.android.server.wm.ActivityTaskSupervisor.checkStartAnyActivityPermission(ActivityTaskSupervisor.java:1165)',
          '\tat com.android.server.wm.ActivityStarter.executeRequest(ActivityStarter.java:1003)',
          '\t…',
        );
      }
      return { output, exit: 255 };
    }
  }

  private callerName(uid: number): string {
    return uid === SHELL_UID ? 'null' : (this.apps.find((a) => a.uid === uid)?.manifest.package ?? 'null');
  }

  /** Finds the activity an intent starts, and checks that the caller may start it. */
  private resolve(intent: Intent, callerUid: number): Resolved {
    const fromShell = callerUid === SHELL_UID;
    let resolved: Resolved | undefined;
    if (intent.component) {
      const { pkg, cls } = intent.component;
      const app = this.apps.find((a) => a.manifest.package === pkg);
      const component = app?.manifest.components.find((c) => c.kind === 'activity' && qualify(pkg, c.name) === cls);
      if (!app || !component) {
        if (fromShell) throw new AndroidException('am.Error', `Error: Activity class {${pkg}/${cls}} does not exist.`);
        throw new AndroidException(
          'android.content.ActivityNotFoundException',
          `Unable to find explicit activity class {${pkg}/${cls}}; have you declared this activity in your AndroidManifest.xml, or does your intent not match its declared <intent-filter>?`,
        );
      }
      resolved = { app, component, cls };
    } else {
      // Implicit: PackageManager offers only activities with CATEGORY_DEFAULT (MATCH_DEFAULT_ONLY),
      // and, to a caller from another app, only exported ones.
      const candidates: (Resolved & { verified: boolean })[] = [];
      for (const app of this.apps) {
        if (intent.pkg && app.manifest.package !== intent.pkg) continue;
        for (const component of app.manifest.components) {
          if (component.kind !== 'activity') continue;
          if (app.uid !== callerUid && !isExported(app.manifest, component)) continue;
          const matching = (component.filters ?? []).filter(
            (f) => f.categories?.includes(CATEGORY_DEFAULT) && filterMatches(f, intent),
          );
          if (matching.length) {
            candidates.push({
              app,
              component,
              cls: qualify(app.manifest.package, component.name),
              verified: matching.some((f) => f.autoVerify && f.data?.some((d) => d.scheme === 'https')),
            });
          }
        }
      }
      const verified = candidates.filter((c) => c.verified);
      const pick = candidates.length === 1 ? candidates[0] : verified.length === 1 ? verified[0] : undefined;
      if (!candidates.length) {
        if (fromShell)
          throw new AndroidException(
            'am.Error',
            `Error: Activity not started, unable to resolve ${intentString(intent)}`,
          );
        throw new AndroidException(
          'android.content.ActivityNotFoundException',
          `No Activity found to handle ${intentString(intent)}`,
        );
      }
      if (!pick) {
        throw new AndroidException(
          'am.Error',
          `Several activities can handle this intent, so Android would show a chooser (${candidates
            .map((c) => shortComponent(c.app.manifest.package, c.cls))
            .join(', ')}). This emulator stops here: name the component with -n.`,
        );
      }
      resolved = pick;
    }
    const { app, component, cls } = resolved;
    if (app.uid !== callerUid) {
      const shown = intentString({ ...intent, component: { pkg: app.manifest.package, cls } });
      const caller = `from ${this.callerName(callerUid)} (pid=${fromShell ? 5120 : this.pid}, uid=${callerUid})`;
      if (!isExported(app.manifest, component)) {
        throw new AndroidException(
          'java.lang.SecurityException',
          `Permission Denial: starting ${shown} ${caller} not exported from uid ${app.uid}`,
        );
      }
      if (component.permission) {
        throw new AndroidException(
          'java.lang.SecurityException',
          `Permission Denial: starting ${shown} ${caller} requires ${component.permission}`,
        );
      }
    }
    return resolved;
  }

  /** Starts the resolved activity, then whatever its code starts, in order. */
  private launchAll(first: Resolved, intent: Intent, callerUid: number): void {
    this.pending.push({ resolved: first, intent, callerUid });
    while (this.pending.length) {
      const next = this.pending.shift()!;
      if (this.run.launched.length >= MAX_LAUNCHES) {
        this.run.logcat.push('W ActivityTaskManager: too many activity starts in a row; the lab stopped here');
        this.pending = [];
        return;
      }
      this.launch(next.resolved, next.intent, next.callerUid);
    }
  }

  private launch(resolved: Resolved, intent: Intent, callerUid: number): void {
    const { app, cls } = resolved;
    if (this.crashed.has(app.uid)) return;
    const shown = { ...intent, component: { pkg: app.manifest.package, cls } };
    const braces = intentString(shown)
      .replace(/^Intent \{ /, '{')
      .replace(/ \}$/, '}');
    this.run.logcat.push(`I ActivityTaskManager: START u0 ${braces} from uid ${callerUid}`);
    this.run.launched.push(cls);
    const entry = { cls, app, screen: null as Screen | null };
    this.stack.push(entry);
    let finished = false;
    const ctx: ActivityContext = {
      intent,
      packageName: app.manifest.package,
      data: () => (intent.data === undefined ? null : parseUri(intent.data)),
      getStringExtra: (key) => {
        const extra = intent.extras.get(key);
        if (!extra) return null;
        if (extra.type !== 'String') {
          this.run.logcat.push(
            `W Bundle  : Key ${key} expected String but value was a java.lang.${extra.type}.  The default value <null> was returned.`,
          );
          return null;
        }
        return extra.value as string | null;
      },
      getBooleanExtra: (key, fallback) => {
        const extra = intent.extras.get(key);
        if (!extra) return fallback;
        if (extra.type !== 'Boolean') {
          this.run.logcat.push(
            `W Bundle  : Key ${key} expected Boolean but value was a java.lang.${extra.type}.  The default value ${fallback} was returned.`,
          );
          return fallback;
        }
        return extra.value as boolean;
      },
      startActivity: (next) => {
        const target = this.resolve(next, app.uid);
        this.pending.push({ resolved: target, intent: next, callerUid: app.uid });
      },
      log: (level, tag, message) => this.run.logcat.push(`${level} ${tag.padEnd(8)}: ${message}`),
      toast: (message) => this.run.toasts.push(message),
      setContent: (title, html) => {
        entry.screen = { app: app.label, activity: shortComponent(app.manifest.package, cls), title, html };
      },
      finish: () => {
        finished = true;
      },
    };
    try {
      app.code[cls]?.(ctx);
    } catch (error) {
      if (!(error instanceof AndroidException)) throw error;
      this.crashed.add(app.uid);
      this.pending = this.pending.filter((p) => p.resolved.app.uid !== app.uid);
      this.stack = this.stack.filter((s) => s.app.uid !== app.uid);
      this.run.logcat.push(
        'E AndroidRuntime: FATAL EXCEPTION: main',
        `E AndroidRuntime: Process: ${app.manifest.package}, PID: ${this.pid}`,
        `E AndroidRuntime: java.lang.RuntimeException: Unable to start activity ComponentInfo{${shortComponent(app.manifest.package, cls)}}: ${error.javaClass}: ${error.message}`,
      );
      this.run.screen = {
        app: app.label,
        activity: 'android/com.android.server.am.AppErrorDialog',
        title: `${app.label} keeps stopping`,
        html: `<p>${escapeHtml(app.label)} keeps stopping.</p><p class="lab-muted">The app crashed: see the logcat below.</p>`,
      };
      this.stack.push({ cls, app, screen: this.run.screen });
      return;
    }
    if (finished) this.stack = this.stack.filter((s) => s !== entry);
  }
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}
