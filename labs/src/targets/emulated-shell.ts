// An emulated POSIX shell for labs whose flaw is "the server hands a string to /bin/sh".
// It really parses what dash parses for the cases a learner meets (`;`, `&`, `&&`, `||`,
// `|`, newlines, quotes, backslashes, `$(…)`, backticks, `$VAR`, `#` comments, redirections,
// globs) and runs a few built-in commands over a virtual file tree held in a JS object.
// Nothing here starts a process or touches a real file: the "system" is the tree and the
// options the lab passes in. Work is bounded (commands per run, output size, nesting).

export interface FileNode {
  kind: 'file';
  content: string;
  owner?: string;
  /** The account running the shell may not read it. */
  locked?: boolean;
  /** A program: the name of the built-in command it runs. */
  exec?: string;
  date?: string;
}

export interface DirNode {
  kind: 'dir';
  children: Record<string, FileNode | DirNode>;
  owner?: string;
  /** The account running the shell may neither list nor enter it. */
  locked?: boolean;
  /** The account running the shell may create files in it. */
  writable?: boolean;
  date?: string;
}

export type FsNode = FileNode | DirNode;

export function file(content: string, options: Omit<FileNode, 'kind' | 'content'> = {}): FileNode {
  return { kind: 'file', content, ...options };
}

export function dir(children: Record<string, FsNode>, options: Omit<DirNode, 'kind' | 'children'> = {}): DirNode {
  return { kind: 'dir', children, ...options };
}

export interface ShellUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
}

/** What a built-in command sees: its standard input, two output streams, and the shell. */
export interface CommandIO {
  stdin: string;
  out(text: string): void;
  err(text: string): void;
  shell: ShellApi;
}

export interface ShellApi {
  readonly user: ShellUser;
  readonly hostname: string;
  readonly cwd: string;
  /** The script line of the command running (for messages such as `sh: 1: cd: …`). */
  readonly line: number;
  /** Simulated time passes (sleep, ping's interval); nothing actually waits. */
  advance(seconds: number): void;
}

/** A built-in command: writes through `io` and returns its exit status. */
export type Builtin = (args: string[], io: CommandIO) => number;

export interface ShellOptions {
  hostname: string;
  user: ShellUser;
  cwd: string;
  /** The file tree; writes (in writable directories) change it, so pass a fresh one per run. */
  tree: DirNode;
  env?: Record<string, string>;
  /** Extra commands (a lab's `ping`), beside the standard built-ins. */
  commands?: Record<string, Builtin>;
  /** `uname -r` and `uname -v`. */
  kernel?: { release: string; version: string };
  ip?: string;
  limits?: Partial<ShellLimits>;
}

export interface ShellLimits {
  /** Simple commands run per script, substitutions included. */
  commands: number;
  /** Characters of standard output, and of standard error, kept. */
  output: number;
  /** Nesting of `$(…)` and backticks. */
  depth: number;
  /** Characters of script accepted. */
  script: number;
}

export const DEFAULT_LIMITS: ShellLimits = { commands: 20, output: 10_000, depth: 6, script: 2_000 };

export interface ShellResult {
  stdout: string;
  stderr: string;
  status: number;
  /** The built-in commands that actually ran, in order (`whoami`, `cat`…). */
  ran: string[];
  /** Absolute paths of the files a command read. */
  read: string[];
  /** Simulated seconds the script took. */
  seconds: number;
  /** Set when a limit stopped the script. */
  limited?: string;
}

/** The standard built-ins, by name: a lab lists them in /usr/bin with `programs()`. */
export const STANDARD_COMMANDS = [
  'cat',
  'cd',
  'echo',
  'env',
  'false',
  'hostname',
  'id',
  'ls',
  'pwd',
  'sh',
  'sleep',
  'true',
  'uname',
  'whoami',
] as const;

/** Program files for /usr/bin (or /bin): one per name, each running that built-in. */
export function programs(names: readonly string[]): Record<string, FileNode> {
  return Object.fromEntries(names.map((name) => [name, file('\x7fELF', { exec: name })]));
}

// ---------------------------------------------------------------------------------------
// Syntax

type Part =
  { t: 'lit'; s: string; q: boolean } | { t: 'sub'; list: List; q: boolean } | { t: 'var'; name: string; q: boolean };
type Word = Part[];
interface Redirect {
  fd: number;
  op: '>' | '>>' | '<' | '>&';
  target: Word;
}
interface Simple {
  words: Word[];
  redirects: Redirect[];
  line: number;
}
interface Pipeline {
  cmds: Simple[];
  bang: boolean;
}
interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
}
type List = AndOr[];

class ShellSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

class ShellLimitError extends Error {}

const BLANK = new Set([' ', '\t']);
const META = new Set([' ', '\t', '\n', ';', '&', '|', '<', '>', '(', ')']);

class Parser {
  pos = 0;
  private depth = 0;

  constructor(
    private readonly src: string,
    public line: number,
    private readonly maxDepth: number,
    depth = 0,
  ) {
    this.depth = depth;
  }

  atEnd(): boolean {
    return this.pos >= this.src.length;
  }

  private peek(offset = 0): string | undefined {
    return this.src[this.pos + offset];
  }

  private error(message: string): ShellSyntaxError {
    return new ShellSyntaxError(message, this.line);
  }

  /** The token at the cursor, named as dash names it in "… unexpected". */
  private unexpected(): ShellSyntaxError {
    if (this.atEnd()) return this.error('Syntax error: end of file unexpected');
    const rest = this.src.slice(this.pos);
    const token = ['&&', '||', ';;', ';', '&', '|', '(', ')', '\n'].find((t) => rest.startsWith(t)) ?? rest[0]!;
    return this.error(token === '\n' ? 'Syntax error: newline unexpected' : `Syntax error: "${token}" unexpected`);
  }

  /** Skips blanks, line continuations and comments; newlines too when `newlines`. */
  private skip(newlines: boolean): void {
    for (;;) {
      const c = this.peek();
      if (c !== undefined && BLANK.has(c)) this.pos++;
      else if (c === '\\' && this.peek(1) === '\n') {
        this.pos += 2;
        this.line++;
      } else if (c === '#') {
        while (!this.atEnd() && this.peek() !== '\n') this.pos++;
      } else if (c === '\n' && newlines) {
        this.pos++;
        this.line++;
      } else return;
    }
  }

  /**
   * One top-level command line: what dash parses before it runs anything (a list up to
   * the next newline outside quotes and substitutions). Empty when only blank lines remain.
   */
  commandLine(): List {
    this.skip(true);
    if (this.atEnd()) return [];
    const list = this.list(false);
    if (!this.atEnd()) {
      if (this.peek() !== '\n') throw this.unexpected();
      this.pos++;
      this.line++;
    }
    return list;
  }

  /** A whole script (a substitution's inside). */
  script(): List {
    const all: List = [];
    while (!this.atEnd()) all.push(...this.commandLine());
    return all;
  }

  /** and-or lists separated by `;` or `&`; inside `$(…)` newlines separate them too. */
  private list(inSub: boolean): List {
    const list: List = [];
    for (;;) {
      this.skip(inSub);
      if (this.atEnd() || this.peek() === '\n' || (inSub && this.peek() === ')')) return list;
      list.push(this.andOr());
      this.skip(false);
      const c = this.peek();
      if (c === ';') {
        if (this.peek(1) === ';') throw this.unexpected();
        this.pos++;
      } else if (c === '&') {
        this.pos++; // a background job: run in turn, which prints the same here
      } else if (c === undefined || c === '\n' || (inSub && c === ')')) {
        if (c === '\n' && inSub) {
          this.pos++;
          this.line++;
        }
      } else {
        throw this.unexpected();
      }
      if (!inSub && this.peek() === '\n') return list;
    }
  }

  private andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    for (;;) {
      this.skip(false);
      const two = this.src.slice(this.pos, this.pos + 2);
      if (two !== '&&' && two !== '||') return { first, rest };
      this.pos += 2;
      this.skip(true);
      rest.push({ op: two, pipeline: this.pipeline() });
    }
  }

  private pipeline(): Pipeline {
    this.skip(false);
    let bang = false;
    if (this.peek() === '!' && (this.peek(1) === ' ' || this.peek(1) === '\t')) {
      bang = true;
      this.pos++;
    }
    const cmds = [this.simple()];
    for (;;) {
      this.skip(false);
      if (this.peek() !== '|' || this.peek(1) === '|') return { cmds, bang };
      this.pos++;
      this.skip(true);
      cmds.push(this.simple());
    }
  }

  private simple(): Simple {
    this.skip(false);
    const line = this.line;
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      this.skip(false);
      const c = this.peek();
      if (c === undefined || c === '\n' || c === ';' || c === '&' || c === '|' || c === ')') break;
      if (c === '(') throw this.unexpected();
      const redirect = /^(\d?)(>>|>&|>|<)/.exec(this.src.slice(this.pos, this.pos + 3));
      if (redirect) {
        this.pos += redirect[0].length;
        this.skip(false);
        const next = this.peek();
        if (next === undefined || META.has(next)) throw this.unexpected();
        const op = redirect[2] as Redirect['op'];
        const fd = redirect[1] ? Number(redirect[1]) : op === '<' ? 0 : 1;
        redirects.push({ fd, op, target: this.word() });
      } else {
        words.push(this.word());
      }
    }
    if (words.length === 0 && redirects.length === 0) throw this.unexpected();
    return { words, redirects, line };
  }

  private word(): Word {
    const parts: Part[] = [];
    let lit = '';
    const flush = () => {
      if (lit) parts.push({ t: 'lit', s: lit, q: false });
      lit = '';
    };
    for (;;) {
      const c = this.peek();
      if (c === undefined || META.has(c)) break;
      if (c === '\\') {
        const next = this.peek(1);
        if (next === undefined) {
          lit += '\\';
          this.pos++;
        } else if (next === '\n') {
          this.pos += 2;
          this.line++;
        } else {
          flush();
          parts.push({ t: 'lit', s: next, q: true });
          this.pos += 2;
        }
      } else if (c === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        if (end < 0) throw this.error('Syntax error: Unterminated quoted string');
        flush();
        const s = this.src.slice(this.pos + 1, end);
        parts.push({ t: 'lit', s, q: true });
        this.line += s.split('\n').length - 1;
        this.pos = end + 1;
      } else if (c === '"') {
        flush();
        this.doubleQuoted(parts);
      } else if (c === '`') {
        flush();
        parts.push({ t: 'sub', list: this.backquoted(), q: false });
      } else if (c === '$') {
        const part = this.dollar(false);
        if (part) {
          flush();
          parts.push(part);
        } else {
          lit += '$';
          this.pos++;
        }
      } else {
        lit += c;
        this.pos++;
      }
    }
    flush();
    return parts;
  }

  private doubleQuoted(parts: Part[]): void {
    this.pos++;
    let buffer = '';
    let any = false;
    const flush = () => {
      if (buffer || !any) parts.push({ t: 'lit', s: buffer, q: true });
      buffer = '';
      any = true;
    };
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw this.error('Syntax error: Unterminated quoted string');
      if (c === '"') {
        this.pos++;
        break;
      }
      if (c === '\\' && this.peek(1) !== undefined && '$`"\\\n'.includes(this.peek(1)!)) {
        if (this.peek(1) === '\n') this.line++;
        else buffer += this.peek(1);
        this.pos += 2;
      } else if (c === '$') {
        const part = this.dollar(true);
        if (part) {
          flush();
          parts.push(part);
        } else {
          buffer += '$';
          this.pos++;
        }
      } else if (c === '`') {
        flush();
        parts.push({ t: 'sub', list: this.backquoted(), q: true });
      } else {
        if (c === '\n') this.line++;
        buffer += c;
        this.pos++;
      }
    }
    if (buffer || !any) flush();
  }

  private deeper(): void {
    if (this.depth + 1 > this.maxDepth) {
      throw this.error(`lab limit: substitutions nested more than ${this.maxDepth} deep`);
    }
  }

  /** `$(…)`, `${NAME}`, `$NAME`, `$?`…; null when the `$` is just a character. */
  private dollar(q: boolean): Part | null {
    const next = this.peek(1);
    if (next === '(') {
      this.deeper();
      this.pos += 2;
      this.depth++;
      const list = this.list(true);
      this.depth--;
      if (this.peek() !== ')') throw this.error('Syntax error: end of file unexpected (expecting ")")');
      this.pos++;
      return { t: 'sub', list, q };
    }
    if (next === '{') {
      const end = this.src.indexOf('}', this.pos + 2);
      if (end < 0) throw this.error("Syntax error: Missing '}'");
      const name = this.src.slice(this.pos + 2, end);
      if (!/^([A-Za-z_][A-Za-z0-9_]*|[?$#0])$/.test(name)) throw this.error('Bad substitution');
      this.pos = end + 1;
      return { t: 'var', name, q };
    }
    if (next !== undefined && /[A-Za-z_]/.test(next)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.pos + 1))![0];
      this.pos += 1 + name.length;
      return { t: 'var', name, q };
    }
    if (next !== undefined && '?$#0'.includes(next)) {
      this.pos += 2;
      return { t: 'var', name: next, q };
    }
    return null;
  }

  /** `` `…` ``: the text up to the closing backquote, unescaped, parsed as a script of its own. */
  private backquoted(): List {
    this.deeper();
    const startLine = this.line;
    this.pos++;
    let raw = '';
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw this.error('Syntax error: EOF in backquote substitution');
      if (c === '\\' && this.peek(1) !== undefined && '$`\\'.includes(this.peek(1)!)) {
        raw += this.peek(1);
        this.pos += 2;
      } else if (c === '`') {
        this.pos++;
        break;
      } else {
        if (c === '\n') this.line++;
        raw += c;
        this.pos++;
      }
    }
    return new Parser(raw, startLine, this.maxDepth, this.depth + 1).script();
  }
}

// ---------------------------------------------------------------------------------------
// Running

type Sink = { kind: 'out' } | { kind: 'err' } | { kind: 'null' } | { kind: 'file'; node: FileNode };

type Resolved = { node: FsNode; path: string } | { error: 'ENOENT' | 'EACCES' | 'ENOTDIR'; path: string };

const ERRORS = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  ENOTDIR: 'Not a directory',
};

export function normalizePath(path: string, cwd: string): string {
  const parts: string[] = [];
  for (const segment of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return `/${parts.join('/')}`;
}

class Shell implements ShellApi {
  readonly user: ShellUser;
  readonly hostname: string;
  cwd: string;
  line = 1;
  private readonly env: Record<string, string>;
  private readonly limits: ShellLimits;
  private readonly commands: Record<string, Builtin>;
  private commandCount = 0;
  private status = 0;
  stderr = '';
  seconds = 0;
  readonly ran: string[] = [];
  readonly read: string[] = [];

  constructor(readonly options: ShellOptions) {
    this.user = options.user;
    this.hostname = options.hostname;
    this.cwd = options.cwd;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.env = {
      PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      HOME: options.user.home,
      USER: options.user.name,
      LOGNAME: options.user.name,
      SHELL: '/bin/sh',
      IFS: ' \t\n',
      ...options.env,
    };
    this.commands = { ...standardCommands(this), ...options.commands };
  }

  /** `NAME=value` lines, as `env` prints them. */
  environment(): string {
    return Object.entries({ ...this.env, PWD: this.cwd })
      .filter(([name]) => name !== 'IFS')
      .map(([name, value]) => `${name}=${value}\n`)
      .join('');
  }

  advance(seconds: number): void {
    this.seconds += seconds;
  }

  private cap(text: string): string {
    return text.length > this.limits.output ? text.slice(0, this.limits.output) : text;
  }

  writeErr(text: string): void {
    this.stderr = this.cap(this.stderr + text);
  }

  resolve(path: string): Resolved {
    const abs = normalizePath(path, this.cwd);
    let node: FsNode = this.options.tree;
    for (const segment of abs.split('/').filter(Boolean)) {
      if (node.kind !== 'dir') return { error: 'ENOTDIR', path: abs };
      if (node.locked) return { error: 'EACCES', path: abs };
      const child: FsNode | undefined = Object.hasOwn(node.children, segment) ? node.children[segment] : undefined;
      if (!child) return { error: 'ENOENT', path: abs };
      node = child;
    }
    // A trailing slash asks for a directory.
    if (path.endsWith('/') && node.kind !== 'dir') return { error: 'ENOTDIR', path: abs };
    return { node, path: abs };
  }

  /** Reads a file as a command would; an error text (without the program name) when it cannot. */
  readFile(path: string): { content: string } | { error: string } {
    const found = this.resolve(path);
    if ('error' in found) return { error: ERRORS[found.error] };
    if (found.node.kind === 'dir') return { error: 'Is a directory' };
    if (found.node.locked) return { error: ERRORS.EACCES };
    this.read.push(found.path);
    return { content: found.node.content };
  }

  run(script: string): ShellResult {
    const result = (limited?: string): ShellResult => ({
      stdout: '',
      stderr: this.stderr,
      status: this.status,
      ran: this.ran,
      read: this.read,
      seconds: Math.round(this.seconds * 1000) / 1000,
      ...(limited ? { limited } : {}),
    });
    let stdout = '';
    if (script.length > this.limits.script) {
      this.status = 2;
      this.writeErr(`sh: lab limit: a script may be at most ${this.limits.script} characters\n`);
      return result('script');
    }
    const parser = new Parser(script, 1, this.limits.depth);
    try {
      while (!parser.atEnd()) {
        const list = parser.commandLine();
        stdout = this.cap(stdout + this.runList(list, ''));
      }
      return { ...result(), stdout };
    } catch (error) {
      if (error instanceof ShellSyntaxError) {
        this.status = 2;
        this.writeErr(`sh: ${error.line}: ${error.message}\n`);
        return { ...result(), stdout };
      }
      if (error instanceof ShellLimitError) {
        this.status = 137;
        this.writeErr(`sh: ${error.message}\n`);
        return { ...result(error.message), stdout };
      }
      throw error;
    }
  }

  private runList(list: List, stdin: string): string {
    let out = '';
    for (const andOr of list) {
      out = this.cap(out + this.runPipeline(andOr.first, stdin));
      for (const { op, pipeline } of andOr.rest) {
        if ((op === '&&') === (this.status === 0)) out = this.cap(out + this.runPipeline(pipeline, stdin));
      }
    }
    return out;
  }

  private runPipeline(pipeline: Pipeline, stdin: string): string {
    let data = stdin;
    for (const cmd of pipeline.cmds) data = this.runSimple(cmd, data);
    if (pipeline.bang) this.status = this.status === 0 ? 1 : 0;
    return data;
  }

  private substitute(list: List): string {
    return this.runList(list, '').replace(/\n+$/, '');
  }

  private variable(name: string): string {
    if (name === '?') return String(this.status);
    if (name === '$') return '4127';
    if (name === '0') return 'sh';
    if (name === '#') return '0';
    if (name === 'PWD') return this.cwd;
    return Object.hasOwn(this.env, name) ? this.env[name]! : '';
  }

  /** A word's fields: substitutions run, unquoted results split on blanks, globs matched. */
  private expand(word: Word, split = true): string[] {
    const fields: string[] = [];
    let current = '';
    let has = false;
    let glob = false;
    const finish = () => {
      if (!has) return;
      const matches = glob ? this.glob(current) : [];
      fields.push(...(matches.length ? matches : [current]));
      current = '';
      has = false;
      glob = false;
    };
    for (const part of word) {
      if (part.t === 'lit') {
        current += part.s;
        has = true;
        if (!part.q && split && /[*?]/.test(part.s)) glob = true;
        continue;
      }
      const value = part.t === 'var' ? this.variable(part.name) : this.substitute(part.list);
      if (part.q || !split) {
        current += value;
        has = true;
        continue;
      }
      value.split(/[ \t\n]+/).forEach((piece, index) => {
        if (index > 0) finish();
        if (piece) {
          current += piece;
          has = true;
        }
      });
    }
    finish();
    return fields;
  }

  private glob(pattern: string): string[] {
    const absolute = pattern.startsWith('/');
    const segments = pattern.split('/').filter(Boolean);
    const start = this.resolve(absolute ? '/' : '.');
    if ('error' in start) return [];
    let found: { shown: string; node: FsNode }[] = [{ shown: absolute ? '/' : '', node: start.node }];
    for (const segment of segments) {
      const next: typeof found = [];
      for (const { shown, node } of found) {
        if (node.kind !== 'dir' || node.locked) continue;
        const prefix = shown === '' ? '' : shown.endsWith('/') ? shown : `${shown}/`;
        if (!/[*?]/.test(segment)) {
          const child = Object.hasOwn(node.children, segment) ? node.children[segment] : undefined;
          if (child) next.push({ shown: prefix + segment, node: child });
          continue;
        }
        const regex = new RegExp(
          `^${segment
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replaceAll('*', '.*')
            .replaceAll('?', '.')}$`,
        );
        for (const name of Object.keys(node.children).sort()) {
          if (name.startsWith('.') && !segment.startsWith('.')) continue;
          if (regex.test(name)) next.push({ shown: prefix + name, node: node.children[name]! });
        }
      }
      found = next.slice(0, 200);
    }
    return found.map((f) => f.shown);
  }

  private runSimple(cmd: Simple, stdin: string): string {
    this.commandCount++;
    this.line = cmd.line;
    if (this.commandCount > this.limits.commands) {
      throw new ShellLimitError(`lab limit: at most ${this.limits.commands} commands per request`);
    }
    // Leading NAME=value words set a variable (for the shell when no command follows).
    let words = cmd.words;
    const assignments: [string, string][] = [];
    for (;;) {
      const first = words[0]?.[0];
      const match = first?.t === 'lit' && !first.q ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(first.s) : null;
      if (!match || !first || first.t !== 'lit') break;
      const rest: Word = [{ ...first, s: first.s.slice(match[0].length) }, ...words[0]!.slice(1)];
      assignments.push([match[1]!, this.expand(rest, false).join('')]);
      words = words.slice(1);
    }
    const fields = words.flatMap((word) => this.expand(word));
    if (fields.length === 0) for (const [name, value] of assignments) this.env[name] = value;
    let out = '';
    const sinks: Record<number, Sink> = { 1: { kind: 'out' }, 2: { kind: 'err' } };
    let input = stdin;
    for (const redirect of cmd.redirects) {
      const target = this.expand(redirect.target).join(' ');
      if (redirect.op === '>&') {
        if (target === '-') sinks[redirect.fd] = { kind: 'null' };
        else if (target === '1' || target === '2') sinks[redirect.fd] = sinks[Number(target)]!;
        else {
          this.status = 2;
          this.writeErr(`sh: ${cmd.line}: ${target}: Bad file descriptor\n`);
          return '';
        }
      } else if (redirect.op === '<') {
        const read = this.readFile(target);
        if ('error' in read) {
          this.status = 2;
          this.writeErr(
            `sh: ${cmd.line}: cannot open ${target}: ${read.error === ERRORS.ENOENT ? 'No such file' : read.error}\n`,
          );
          return '';
        }
        input = read.content;
      } else {
        const sink = this.openForWriting(target, redirect.op === '>>', cmd.line);
        if (!sink) {
          this.status = 2;
          return '';
        }
        sinks[redirect.fd] = sink;
      }
    }
    const write = (fd: 1 | 2, text: string) => {
      const sink = sinks[fd]!;
      if (sink.kind === 'out') out = this.cap(out + text);
      else if (sink.kind === 'err') this.writeErr(text);
      else if (sink.kind === 'file') sink.node.content = this.cap(sink.node.content + text);
    };
    if (fields.length === 0) {
      this.status = 0;
      return out;
    }
    const [name, ...args] = fields as [string, ...string[]];
    const io: CommandIO = { stdin: input, out: (t) => write(1, t), err: (t) => write(2, t), shell: this };
    const program = this.lookup(name);
    if (typeof program === 'string') {
      write(2, `sh: ${cmd.line}: ${name}: ${program}\n`);
      this.status = program === 'not found' ? 127 : 126;
      return out;
    }
    this.ran.push(program.name);
    this.status = program.run(args, io);
    return out;
  }

  private lookup(name: string): { name: string; run: Builtin } | 'not found' | 'Permission denied' {
    if (name.includes('/')) {
      const found = this.resolve(name);
      if ('error' in found) return found.error === 'EACCES' ? 'Permission denied' : 'not found';
      if (found.node.kind === 'dir' || !found.node.exec) return 'Permission denied';
      const run = this.commands[found.node.exec];
      return run ? { name: found.node.exec, run } : 'Permission denied';
    }
    const run = Object.hasOwn(this.commands, name) ? this.commands[name] : undefined;
    return run ? { name, run } : 'not found';
  }

  private openForWriting(target: string, append: boolean, line: number): Sink | null {
    if (target === '/dev/null') return { kind: 'null' };
    const abs = normalizePath(target, this.cwd);
    const slash = abs.lastIndexOf('/');
    const parent = this.resolve(abs.slice(0, slash) || '/');
    const name = abs.slice(slash + 1);
    const fail = (why: string) => {
      this.writeErr(`sh: ${line}: cannot create ${target}: ${why}\n`);
      return null;
    };
    if ('error' in parent) return fail(parent.error === 'EACCES' ? ERRORS.EACCES : 'Directory nonexistent');
    if (parent.node.kind !== 'dir') return fail('Directory nonexistent');
    const existing = Object.hasOwn(parent.node.children, name) ? parent.node.children[name] : undefined;
    if (existing?.kind === 'dir') return fail('Is a directory');
    if (!parent.node.writable || parent.node.locked || existing?.locked) return fail(ERRORS.EACCES);
    if (existing && append) return { kind: 'file', node: existing };
    const node = file('', { owner: this.user.name });
    parent.node.children[name] = node;
    return { kind: 'file', node };
  }

  /** `sh -c '…'`: the same shell runs the text (same limits, same counters). */
  runNested(script: string, io: CommandIO): number {
    const parser = new Parser(script, 1, this.limits.depth);
    try {
      while (!parser.atEnd()) io.out(this.runList(parser.commandLine(), ''));
      return this.status;
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      io.err(`sh: ${error.line}: ${error.message}\n`);
      return 2;
    }
  }
}

export function runShell(script: string, options: ShellOptions): ShellResult {
  return new Shell(options).run(script);
}

/** Reads a file of the system the options describe, as its user would (for a simulated `open()`). */
export function readSystemFile(path: string, options: ShellOptions): { content: string } | { error: string } {
  return new Shell(options).readFile(path);
}

// ---------------------------------------------------------------------------------------
// The standard built-ins

interface Account {
  name: string;
  uid: number;
  gid: number;
}

function accounts(shell: Shell): { users: Account[]; groups: Map<number, string> } {
  const passwd = shell.resolve('/etc/passwd');
  const group = shell.resolve('/etc/group');
  const users: Account[] = [];
  const groups = new Map<number, string>();
  if ('node' in passwd && passwd.node.kind === 'file') {
    for (const line of passwd.node.content.split('\n')) {
      const [name, , uid, gid] = line.split(':');
      if (name && uid && gid) users.push({ name, uid: Number(uid), gid: Number(gid) });
    }
  }
  if ('node' in group && group.node.kind === 'file') {
    for (const line of group.node.content.split('\n')) {
      const [name, , gid] = line.split(':');
      if (name && gid) groups.set(Number(gid), name);
    }
  }
  return { users, groups };
}

/** Splits `-la` style options; the first argument that is not an option ends them. */
function options(args: string[], allowed: string): { flags: Set<string>; operands: string[]; bad?: string } {
  const flags = new Set<string>();
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--') {
      index++;
      break;
    }
    if (!arg.startsWith('-') || arg === '-') break;
    for (const flag of arg.slice(1)) {
      if (!allowed.includes(flag)) return { flags, operands: [], bad: flag };
      flags.add(flag);
    }
  }
  return { flags, operands: args.slice(index) };
}

const MONTH_DATE = 'Mar 14 09:12';

function standardCommands(shell: Shell): Record<string, Builtin> {
  const invalid = (program: string, flag: string, io: CommandIO, status = 1) => {
    io.err(`${program}: invalid option -- '${flag}'\nTry '${program} --help' for more information.\n`);
    return status;
  };
  return {
    true: () => 0,
    false: () => 1,
    echo(args, io) {
      // dash's echo: -n, and backslash escapes always on; \c ends the output.
      const noNewline = args[0] === '-n';
      const text = (noNewline ? args.slice(1) : args).join(' ') + (noNewline ? '' : '\n');
      const stop = text.indexOf('\\c');
      io.out(
        (stop >= 0 ? text.slice(0, stop) : text).replace(/\\([ntr\\])/g, (_m, c: string) =>
          c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : '\\',
        ),
      );
      return 0;
    },
    env(args, io) {
      if (args.length) {
        io.err(`env: ‘${args[0]}’: No such file or directory\n`);
        return 127;
      }
      io.out(shell.environment());
      return 0;
    },
    pwd(_args, io) {
      io.out(`${shell.cwd}\n`);
      return 0;
    },
    cd(args, io) {
      const target = args[0] ?? shell.user.home;
      const found = shell.resolve(target);
      if ('error' in found || found.node.kind !== 'dir' || found.node.locked) {
        io.err(`sh: ${shell.line}: cd: can't cd to ${target}\n`);
        return 2;
      }
      shell.cwd = found.path;
      return 0;
    },
    whoami(args, io) {
      if (args.length) {
        io.err(`whoami: extra operand ‘${args[0]}’\nTry 'whoami --help' for more information.\n`);
        return 1;
      }
      io.out(`${shell.user.name}\n`);
      return 0;
    },
    id(args, io) {
      const parsed = options(args, 'ugnG');
      if (parsed.bad) return invalid('id', parsed.bad, io);
      const { users, groups } = accounts(shell);
      let who: Account = shell.user;
      if (parsed.operands[0] !== undefined) {
        const found = users.find((u) => u.name === parsed.operands[0]);
        if (!found) {
          io.err(`id: ‘${parsed.operands[0]}’: no such user\n`);
          return 1;
        }
        who = found;
      }
      const groupName = groups.get(who.gid) ?? String(who.gid);
      const { flags } = parsed;
      if (flags.has('u')) io.out(`${flags.has('n') ? who.name : who.uid}\n`);
      else if (flags.has('g') || flags.has('G')) io.out(`${flags.has('n') ? groupName : who.gid}\n`);
      else io.out(`uid=${who.uid}(${who.name}) gid=${who.gid}(${groupName}) groups=${who.gid}(${groupName})\n`);
      return 0;
    },
    hostname(args, io) {
      if (args[0] === '-I' || args[0] === '-i') io.out(`${shell.options.ip ?? '10.0.0.2'}\n`);
      else if (args.length) {
        io.err('hostname: you must be root to change the host name\n');
        return 1;
      } else io.out(`${shell.hostname}\n`);
      return 0;
    },
    uname(args, io) {
      const parsed = options(args, 'asnrvmpio');
      if (parsed.bad) return invalid('uname', parsed.bad, io);
      if (parsed.operands.length) {
        io.err(`uname: extra operand ‘${parsed.operands[0]}’\nTry 'uname --help' for more information.\n`);
        return 1;
      }
      const kernel = shell.options.kernel ?? { release: '6.8.0-45-generic', version: '#45-Ubuntu SMP' };
      const all: [string, string][] = [
        ['s', 'Linux'],
        ['n', shell.hostname],
        ['r', kernel.release],
        ['v', kernel.version],
        ['m', 'x86_64'],
        ['p', 'x86_64'],
        ['i', 'x86_64'],
        ['o', 'GNU/Linux'],
      ];
      const flags = parsed.flags.size ? parsed.flags : new Set(['s']);
      io.out(
        `${all
          .filter(([flag]) => flags.has('a') || flags.has(flag))
          .map(([, value]) => value)
          .join(' ')}\n`,
      );
      return 0;
    },
    sleep(args, io) {
      if (!args.length) {
        io.err("sleep: missing operand\nTry 'sleep --help' for more information.\n");
        return 1;
      }
      let total = 0;
      for (const arg of args) {
        const match = /^(\d+(?:\.\d+)?)([smh]?)$/.exec(arg);
        if (!match) {
          io.err(`sleep: invalid time interval ‘${arg}’\nTry 'sleep --help' for more information.\n`);
          return 1;
        }
        total += Number(match[1]) * ({ '': 1, s: 1, m: 60, h: 3600 }[match[2]!] ?? 1);
      }
      shell.advance(total);
      return 0;
    },
    cat(args, io) {
      const parsed = options(args, '');
      if (parsed.bad) return invalid('cat', parsed.bad, io);
      const operands = parsed.operands.length ? parsed.operands : ['-'];
      let status = 0;
      for (const operand of operands) {
        if (operand === '-') {
          io.out(io.stdin);
          continue;
        }
        const read = shell.readFile(operand);
        if ('error' in read) {
          io.err(`cat: ${operand}: ${read.error}\n`);
          status = 1;
        } else io.out(read.content);
      }
      return status;
    },
    ls(args, io) {
      const parsed = options(args, 'alA1d');
      if (parsed.bad) return invalid('ls', parsed.bad, io, 2);
      const { flags } = parsed;
      const operands = parsed.operands.length ? parsed.operands : ['.'];
      const long = flags.has('l');
      const line = (name: string, node: FsNode) => {
        if (!long) return `${name}\n`;
        const owner = node.owner ?? 'root';
        const mode =
          node.kind === 'dir'
            ? node.locked
              ? 'drwx------'
              : node.writable
                ? 'drwxrwxrwt'
                : 'drwxr-xr-x'
            : node.locked
              ? '-rw-r-----'
              : node.exec
                ? '-rwxr-xr-x'
                : '-rw-r--r--';
        const size = node.kind === 'dir' ? 4096 : node.exec ? 35_328 : new TextEncoder().encode(node.content).length;
        return `${mode} 1 ${owner.padEnd(8)} ${owner.padEnd(8)} ${String(size).padStart(5)} ${node.date ?? MONTH_DATE} ${name}\n`;
      };
      let status = 0;
      const files: string[] = [];
      const dirs: { operand: string; node: DirNode; path: string }[] = [];
      for (const operand of operands) {
        const found = shell.resolve(operand);
        if ('error' in found) {
          io.err(`ls: cannot access '${operand}': ${ERRORS[found.error]}\n`);
          status = 2;
        } else if (found.node.kind === 'file' || flags.has('d')) files.push(line(operand, found.node));
        else dirs.push({ operand, node: found.node, path: found.path });
      }
      io.out(files.join(''));
      dirs.forEach(({ operand, node, path }, index) => {
        if (node.locked) {
          io.err(`ls: cannot open directory '${operand}': Permission denied\n`);
          status = 2;
          return;
        }
        const header = operands.length > 1 ? `${index > 0 || files.length ? '\n' : ''}${operand}:\n` : '';
        const names = Object.keys(node.children)
          .filter((name) => flags.has('a') || flags.has('A') || !name.startsWith('.'))
          .sort();
        const entries: [string, FsNode][] = names.map((name) => [name, node.children[name]!]);
        if (flags.has('a')) {
          const parent = shell.resolve(normalizePath('..', path));
          entries.unshift(['.', node], ['..', 'node' in parent ? parent.node : node]);
        }
        const total = long ? `total ${entries.length * 4}\n` : '';
        io.out(header + total + entries.map(([name, child]) => line(name, child)).join(''));
      });
      return status;
    },
    sh(args, io) {
      if (args[0] !== '-c' || args[1] === undefined) {
        io.err(
          args[0] === '-c'
            ? 'sh: 0: -c requires an argument\n'
            : `sh: 0: cannot open ${args[0] ?? '-'}: No such file\n`,
        );
        return 2;
      }
      return shell.runNested(args[1], io);
    },
  };
}
