// A small Linux host, emulated for the privilege-escalation lab: a virtual file tree with
// owners, groups and mode bits (SUID included), accounts, a sudoers policy, and a shell
// that parses what sh parses for the cases a learner meets (`;`, `&&`, `||`, `|`, quotes,
// backslashes, `$VAR`, `$(…)`, backticks, redirections, globs). Every process carries real
// and effective user IDs: a SUID program runs with its owner's effective ID, sudo runs a
// permitted command as root, `find -exec` runs its command with find's IDs, bash and dash
// drop an effective ID that differs from the real one unless started with -p, and every
// file access is checked against the effective ID and the mode bits. Nothing here starts a
// process or touches a real file. Changes a learner makes (chmod, cp, a file written in
// /tmp) live in a small overlay the lab keeps in its state. Work is bounded per line.

// ---------------------------------------------------------------------------------------
// The file tree

interface NodeBase {
  owner: string;
  group: string;
  mode: number;
  mtime: string;
}
export interface VFile extends NodeBase {
  kind: 'file';
  content?: string;
  /** Content computed when a process reads the file (the lab's flag). */
  read?: () => string;
  /** Shown size, where content is computed or the file is a program. */
  size?: number;
  /** A program: the name of the emulated command it runs. */
  program?: string;
  /** File capabilities, as getcap prints them (`cap_net_raw=ep`). */
  caps?: string;
}
export interface VDir extends NodeBase {
  kind: 'dir';
  children: Record<string, VNode>;
}
export interface VLink extends NodeBase {
  kind: 'link';
  target: string;
}
export type VNode = VFile | VDir | VLink;

const DEFAULT_TIME = '2025-11-04 09:12';

type NodeOptions = Partial<NodeBase>;

export function vfile(
  content: string,
  options: NodeOptions & Partial<Pick<VFile, 'read' | 'size' | 'caps'>> = {},
): VFile {
  return { kind: 'file', owner: 'root', group: 'root', mode: 0o644, mtime: DEFAULT_TIME, content, ...options };
}

export function vprog(program: string, size: number, options: NodeOptions & { caps?: string } = {}): VFile {
  return { kind: 'file', owner: 'root', group: 'root', mode: 0o755, mtime: DEFAULT_TIME, program, size, ...options };
}

export function vdir(children: Record<string, VNode>, options: NodeOptions = {}): VDir {
  return { kind: 'dir', owner: 'root', group: 'root', mode: 0o755, mtime: DEFAULT_TIME, children, ...options };
}

export function vlink(target: string, options: NodeOptions = {}): VLink {
  return { kind: 'link', owner: 'root', group: 'root', mode: 0o777, mtime: DEFAULT_TIME, target, ...options };
}

function cloneNode(node: VNode): VNode {
  if (node.kind !== 'dir') return { ...node };
  return {
    ...node,
    children: Object.fromEntries(Object.entries(node.children).map(([name, child]) => [name, cloneNode(child)])),
  };
}

// ---------------------------------------------------------------------------------------
// The system and a session on it

export interface Account {
  name: string;
  uid: number;
  gid: number;
  home: string;
  shell: string;
}
export interface GroupDef {
  name: string;
  gid: number;
  members: string[];
}
export interface SudoRule {
  user: string;
  runAs: string;
  nopasswd: boolean;
  /** Absolute path of the permitted program. */
  command: string;
  /** Exact arguments required; undefined allows any (as a rule without arguments does). */
  args?: string;
}

export interface LinuxSystem {
  hostname: string;
  kernel: { release: string; version: string; machine: string };
  accounts: Account[];
  groups: GroupDef[];
  sudo: { version: string; defaults: string[]; securePath: string; rules: SudoRule[] };
  tree: VDir;
  /** `ps aux` output. */
  processes: string;
  /** `mount` output. */
  mounts: string;
  /** The emulated clock, `YYYY-MM-DD HH:MM`. */
  now: string;
}

/** One interactive shell: the foothold, or a shell a learner spawned from it. */
export interface Frame {
  uid: number;
  euid: number;
  gid: number;
  cwd: string;
  shell: 'bash' | 'sh';
}

export interface OverlayFile {
  /** The file whose content this one has (cp), resolved to an original path. */
  from?: string;
  text?: string;
  owner: string;
  group: string;
  mode: number;
}

/** What a learner changed on the host: kept in the lab's state, so it stays small. */
export interface Overlay {
  modes: Record<string, number>;
  files: Record<string, OverlayFile>;
  removed: string[];
}

export interface Session {
  frames: Frame[];
  overlay: Overlay;
}

export const OVERLAY_LIMITS = { files: 4, modes: 6, removed: 4, text: 120, path: 80 };

export interface LineResult {
  /** What the terminal shows, standard output and error as they came. */
  output: string;
  session: Session;
  /** A new interactive shell started and now reads the learner's commands. */
  spawned: boolean;
  /** The learner left a spawned shell. */
  exited: boolean;
  /** Set when the learner typed `clear`. */
  cleared: boolean;
}

export const LIMITS = { commands: 200, nodes: 5000, depth: 8, output: 8000, line: 400 };

// ---------------------------------------------------------------------------------------
// Credentials and permissions

interface Creds {
  uid: number;
  euid: number;
  gid: number;
  groups: number[];
}

const ERRNO = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EPERM: 'Operation not permitted',
  ELOOP: 'Too many levels of symbolic links',
  EEXIST: 'File exists',
  ENOSPC: 'No space left on device',
  ENAMETOOLONG: 'File name too long',
} as const;
type Errno = keyof typeof ERRNO;

class Signal {}
class SpawnSignal extends Signal {
  constructor(readonly frame: Frame) {
    super();
  }
}
class ExitSignal extends Signal {
  constructor(readonly status: number) {
    super();
  }
}
class LimitSignal extends Signal {
  constructor(readonly message: string) {
    super();
  }
}
class QuitSignal extends Signal {}

class ShellSyntaxError extends Error {}

// ---------------------------------------------------------------------------------------
// Syntax: a list of and-or lists of pipelines of simple commands

type Part =
  { t: 'lit'; v: string; q: boolean } | { t: 'var'; name: string; q: boolean } | { t: 'sub'; src: string; q: boolean };
type Word = Part[];
interface Redir {
  fd: number;
  op: '>' | '>>' | '<' | '>&' | '&>';
  target: Word;
}
interface Simple {
  words: Word[];
  redirs: Redir[];
}
interface AndOr {
  first: Simple[];
  rest: { op: '&&' | '||'; pipeline: Simple[] }[];
}

const OPERATOR_START = new Set([';', '&', '|', '<', '>', '(', ')', '\n']);

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): AndOr[] {
    const list: AndOr[] = [];
    for (;;) {
      this.skip(true);
      if (this.end()) return list;
      list.push(this.andOr());
      this.skip(false);
      if (this.end()) return list;
      const c = this.src[this.i]!;
      if (this.src.startsWith(';;', this.i)) throw this.unexpected();
      if (c === ';' || c === '\n' || (c === '&' && this.src[this.i + 1] !== '&')) {
        this.i += 1;
        this.skip(false);
        if (this.src[this.i] === ';' || (this.src[this.i] === '&' && this.src[this.i + 1] !== '&')) {
          throw this.unexpected();
        }
        continue;
      }
      throw this.unexpected();
    }
  }

  private end(): boolean {
    return this.i >= this.src.length;
  }

  private skip(newlines: boolean): void {
    for (;;) {
      const c = this.src[this.i];
      if (c === ' ' || c === '\t' || (newlines && c === '\n')) this.i += 1;
      else if (c === '\\' && this.src[this.i + 1] === '\n') this.i += 2;
      else if (c === '#') {
        while (!this.end() && this.src[this.i] !== '\n') this.i += 1;
      } else return;
    }
  }

  private unexpected(): ShellSyntaxError {
    if (this.end()) return new ShellSyntaxError('Syntax error: end of file unexpected');
    let token = this.src[this.i]!;
    const two = this.src.slice(this.i, this.i + 2);
    if (['&&', '||', ';;', '>>'].includes(two)) token = two;
    return new ShellSyntaxError(
      token === '\n' ? 'Syntax error: newline unexpected' : `Syntax error: "${token}" unexpected`,
    );
  }

  private andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    for (;;) {
      this.skip(false);
      const two = this.src.slice(this.i, this.i + 2);
      if (two !== '&&' && two !== '||') return { first, rest };
      this.i += 2;
      this.skip(true);
      if (this.end()) throw this.unexpected();
      rest.push({ op: two, pipeline: this.pipeline() });
    }
  }

  private pipeline(): Simple[] {
    const commands = [this.simple()];
    for (;;) {
      this.skip(false);
      if (this.src[this.i] === '|' && this.src[this.i + 1] !== '|') {
        this.i += 1;
        this.skip(true);
        if (this.end()) throw this.unexpected();
        commands.push(this.simple());
      } else return commands;
    }
  }

  private simple(): Simple {
    const words: Word[] = [];
    const redirs: Redir[] = [];
    for (;;) {
      this.skip(false);
      if (this.end()) break;
      const redir = this.redirection();
      if (redir) {
        redirs.push(redir);
        continue;
      }
      if (OPERATOR_START.has(this.src[this.i]!)) break;
      words.push(this.word());
    }
    if (words.length === 0 && redirs.length === 0) throw this.unexpected();
    return { words, redirs };
  }

  private redirection(): Redir | null {
    const rest = this.src.slice(this.i);
    const match = /^(&>|[0-9]?>>|[0-9]?>&|[0-9]?>|[0-9]?<)/.exec(rest);
    if (!match) return null;
    const token = match[1]!;
    this.i += token.length;
    let fd: number;
    let op: Redir['op'];
    if (token === '&>') {
      fd = 1;
      op = '&>';
    } else {
      const digit = /^[0-9]/.test(token) ? Number(token[0]) : undefined;
      const symbol = token.replace(/^[0-9]/, '');
      op = symbol as Redir['op'];
      fd = digit ?? (symbol === '<' ? 0 : 1);
    }
    this.skip(false);
    if (this.end() || OPERATOR_START.has(this.src[this.i]!)) throw this.unexpected();
    return { fd, op, target: this.word() };
  }

  private word(): Word {
    const parts: Word = [];
    const lit = (v: string, q: boolean) => {
      const last = parts[parts.length - 1];
      if (last && last.t === 'lit' && last.q === q) last.v += v;
      else parts.push({ t: 'lit', v, q });
    };
    while (!this.end()) {
      const c = this.src[this.i]!;
      if (c === ' ' || c === '\t' || OPERATOR_START.has(c)) break;
      if (c === '\\') {
        const next = this.src[this.i + 1];
        this.i += 2;
        if (next === undefined) lit('\\', false);
        else if (next !== '\n') lit(next, true);
      } else if (c === "'") {
        const close = this.src.indexOf("'", this.i + 1);
        if (close < 0) throw new ShellSyntaxError('Syntax error: Unterminated quoted string');
        lit(this.src.slice(this.i + 1, close), true);
        this.i = close + 1;
      } else if (c === '"') {
        this.i += 1;
        let empty = true;
        for (;;) {
          if (this.end()) throw new ShellSyntaxError('Syntax error: Unterminated quoted string');
          const d = this.src[this.i]!;
          if (d === '"') {
            this.i += 1;
            break;
          }
          empty = false;
          if (d === '\\' && ['"', '\\', '$', '`', '\n'].includes(this.src[this.i + 1] ?? '')) {
            if (this.src[this.i + 1] !== '\n') lit(this.src[this.i + 1]!, true);
            this.i += 2;
          } else if (d === '$') {
            this.dollar(parts, true, lit);
          } else if (d === '`') {
            parts.push({ t: 'sub', src: this.backtick(), q: true });
          } else {
            lit(d, true);
            this.i += 1;
          }
        }
        if (empty) lit('', true);
      } else if (c === '$') {
        this.dollar(parts, false, lit);
      } else if (c === '`') {
        parts.push({ t: 'sub', src: this.backtick(), q: false });
      } else {
        lit(c, false);
        this.i += 1;
      }
    }
    return parts;
  }

  private dollar(parts: Word, q: boolean, lit: (v: string, q: boolean) => void): void {
    const next = this.src[this.i + 1];
    if (next === '(') {
      if (this.src[this.i + 2] === '(')
        throw new ShellSyntaxError('Syntax error: arithmetic $((…)) is not emulated here');
      const start = this.i + 2;
      const close = matchingParen(this.src, start);
      if (close < 0) throw new ShellSyntaxError('Syntax error: end of file unexpected (expecting ")")');
      parts.push({ t: 'sub', src: this.src.slice(start, close), q });
      this.i = close + 1;
    } else if (next === '{') {
      const close = this.src.indexOf('}', this.i + 2);
      if (close < 0) throw new ShellSyntaxError("Syntax error: Missing '}'");
      const name = this.src.slice(this.i + 2, close);
      if (!/^([A-Za-z_][A-Za-z0-9_]*|[?$#0-9])$/.test(name))
        throw new ShellSyntaxError(`\${${name}}: Bad substitution`);
      parts.push({ t: 'var', name, q });
      this.i = close + 1;
    } else if (next !== undefined && /[?$#0-9]/.test(next)) {
      parts.push({ t: 'var', name: next, q });
      this.i += 2;
    } else if (next !== undefined && /[A-Za-z_]/.test(next)) {
      let j = this.i + 1;
      while (j < this.src.length && /[A-Za-z0-9_]/.test(this.src[j]!)) j += 1;
      parts.push({ t: 'var', name: this.src.slice(this.i + 1, j), q });
      this.i = j;
    } else {
      lit('$', q);
      this.i += 1;
    }
  }

  private backtick(): string {
    let out = '';
    let j = this.i + 1;
    for (;;) {
      const d = this.src[j];
      if (d === undefined) throw new ShellSyntaxError('Syntax error: EOF in backquote substitution');
      if (d === '`') break;
      if (d === '\\' && ['`', '\\', '$'].includes(this.src[j + 1] ?? '')) {
        out += this.src[j + 1];
        j += 2;
      } else {
        out += d;
        j += 1;
      }
    }
    this.i = j + 1;
    return out;
  }
}

/** The index of the `)` closing a `$(` whose content starts at `start`, or -1. */
function matchingParen(src: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') i += 2;
    else if (c === "'") {
      const close = src.indexOf("'", i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else if (c === '"') {
      i += 1;
      while (i < src.length && src[i] !== '"') i += src[i] === '\\' ? 2 : 1;
      i += 1;
    } else {
      if (c === '(') depth += 1;
      if (c === ')') {
        depth -= 1;
        if (depth === 0) return i;
      }
      i += 1;
    }
  }
  return -1;
}

/** dash's wording of a syntax error, as bash words it. */
function bashSyntax(message: string): string {
  const token = /"(.+)" unexpected/.exec(message);
  if (token) return `syntax error near unexpected token \`${token[1]}'`;
  if (message.includes('newline unexpected')) return "syntax error near unexpected token `newline'";
  if (message.includes('Unterminated quoted string')) return 'unexpected EOF while looking for matching quote';
  if (message.includes('end of file unexpected')) return 'syntax error: unexpected end of file';
  return message.replace(/^Syntax error: /, 'syntax error: ');
}

export function parseShell(src: string): AndOr[] {
  return new Parser(src).parse();
}

// ---------------------------------------------------------------------------------------
// Glob patterns (sh globs and find -name): *, ?, [abc], [a-z], [!x]

type GlobToken =
  { t: 'star' } | { t: 'any' } | { t: 'char'; c: string } | { t: 'class'; neg: boolean; ranges: [string, string][] };

function globTokens(pattern: string, special: (i: number) => boolean): GlobToken[] {
  const tokens: GlobToken[] = [];
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (!special(i)) tokens.push({ t: 'char', c });
    else if (c === '*') tokens.push({ t: 'star' });
    else if (c === '?') tokens.push({ t: 'any' });
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) {
        tokens.push({ t: 'char', c });
        continue;
      }
      let body = pattern.slice(i + 1, close);
      const neg = body.startsWith('!') || body.startsWith('^');
      if (neg) body = body.slice(1);
      const ranges: [string, string][] = [];
      for (let j = 0; j < body.length; j += 1) {
        if (body[j + 1] === '-' && j + 2 < body.length) {
          ranges.push([body[j]!, body[j + 2]!]);
          j += 2;
        } else ranges.push([body[j]!, body[j]!]);
      }
      tokens.push({ t: 'class', neg, ranges });
      i = close;
    } else tokens.push({ t: 'char', c });
  }
  return tokens;
}

function globMatch(tokens: GlobToken[], name: string, fold = false): boolean {
  const text = fold ? name.toLowerCase() : name;
  // dp[j]: tokens[0..i) match text[0..j)
  let dp = new Array<boolean>(text.length + 1).fill(false);
  dp[0] = true;
  for (const token of tokens) {
    const next = new Array<boolean>(text.length + 1).fill(false);
    if (token.t === 'star') {
      let any = false;
      for (let j = 0; j <= text.length; j += 1) {
        any = any || dp[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 1; j <= text.length; j += 1) {
        if (!dp[j - 1]) continue;
        const ch = text[j - 1]!;
        let ok: boolean;
        if (token.t === 'any') ok = true;
        else if (token.t === 'char') ok = (fold ? token.c.toLowerCase() : token.c) === ch;
        else {
          const inside = token.ranges.some(([lo, hi]) =>
            fold ? ch >= lo.toLowerCase() && ch <= hi.toLowerCase() : ch >= lo && ch <= hi,
          );
          ok = inside !== token.neg;
        }
        next[j] = ok;
      }
    }
    dp = next;
  }
  return dp[text.length]!;
}

export function matchGlob(pattern: string, name: string, fold = false): boolean {
  return globMatch(
    globTokens(pattern, () => true),
    name,
    fold,
  );
}

// ---------------------------------------------------------------------------------------
// Paths

export function normalizePath(path: string, cwd: string): string {
  const parts: string[] = [];
  for (const part of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

const parentOf = (path: string) => normalizePath(`${path}/..`, '/');
const baseName = (path: string) => path.split('/').filter(Boolean).pop() ?? '/';

// ---------------------------------------------------------------------------------------
// The machine: a working copy of the tree for one command line

interface Io {
  out(text: string): void;
  err(text: string): void;
}

/** What one shell process keeps between its commands: `cd` and `export` change it. */
interface ShellState {
  cwd: string;
  env: Record<string, string>;
}

interface Proc {
  creds: Creds;
  sh: ShellState;
  /** Standard input: text from a pipe or file, or null for the terminal. */
  stdin: string | null;
  io: Io;
  depth: number;
  /** The shell this runs in, for error messages (`bash`, `sh`). */
  shell: 'bash' | 'sh';
}

type Program = (m: Machine, argv: string[], p: Proc) => number;

const copyState = (sh: ShellState): ShellState => ({ cwd: sh.cwd, env: { ...sh.env } });

export class Machine {
  readonly tree: VDir;
  readonly overlay: Overlay;
  /** The learner's earlier command lines, for `history`. */
  history: string[] = [];
  private steps = 0;
  private visits = 0;

  constructor(
    readonly system: LinuxSystem,
    overlay: Overlay,
  ) {
    this.overlay = {
      modes: { ...overlay.modes },
      files: { ...overlay.files },
      removed: [...overlay.removed],
    };
    this.tree = cloneNode(system.tree) as VDir;
    this.applyOverlay();
  }

  // -- accounts

  account(uid: number): Account | undefined {
    return this.system.accounts.find((a) => a.uid === uid);
  }
  accountNamed(name: string): Account | undefined {
    return this.system.accounts.find((a) => a.name === name);
  }
  userName(uid: number): string {
    return this.account(uid)?.name ?? String(uid);
  }
  groupName(gid: number): string {
    return this.system.groups.find((g) => g.gid === gid)?.name ?? String(gid);
  }
  groupNamed(name: string): GroupDef | undefined {
    return this.system.groups.find((g) => g.name === name);
  }
  credsFor(uid: number, euid = uid): Creds {
    const account = this.account(uid);
    const gid = account?.gid ?? uid;
    const name = account?.name ?? '';
    const groups = this.system.groups.filter((g) => g.gid === gid || g.members.includes(name)).map((g) => g.gid);
    return { uid, euid, gid, groups };
  }

  tick(): void {
    this.steps += 1;
    if (this.steps > LIMITS.commands) throw new LimitSignal('lab limit: too many commands in one line');
  }

  /** A file visited by a tree walk (find, grep -r, getcap -r). */
  visit(): void {
    this.visits += 1;
    if (this.visits > LIMITS.nodes) throw new LimitSignal('lab limit: too many files walked in one line');
  }

  // -- the overlay

  private applyOverlay(): void {
    for (const [path, mode] of Object.entries(this.overlay.modes)) {
      const node = this.raw(path, false);
      if (node) node.mode = mode;
    }
    for (const path of this.overlay.removed) {
      const parent = this.raw(parentOf(path), true);
      if (parent?.kind === 'dir') delete parent.children[baseName(path)];
    }
    for (const [path, entry] of Object.entries(this.overlay.files)) {
      const parent = this.raw(parentOf(path), true);
      if (parent?.kind !== 'dir') continue;
      parent.children[baseName(path)] = this.overlayNode(entry);
    }
  }

  private overlayNode(entry: OverlayFile): VFile {
    const source = entry.from ? this.raw(entry.from, true) : undefined;
    const node: VFile = {
      kind: 'file',
      owner: entry.owner,
      group: entry.group,
      mode: entry.mode,
      mtime: this.system.now,
    };
    if (source?.kind === 'file') {
      if (source.content !== undefined) node.content = source.content;
      if (source.read) node.read = source.read;
      if (source.size !== undefined) node.size = source.size;
      if (source.program) node.program = source.program;
    } else node.content = entry.text ?? '';
    return node;
  }

  /** A node by absolute path, following links when asked, without permission checks. */
  raw(path: string, follow: boolean): VNode | undefined {
    const found = this.lookup(path, null, follow);
    return 'node' in found ? found.node : undefined;
  }

  /**
   * Resolves an absolute path as a process with `creds` would (null: the kernel itself):
   * search permission on every directory passed, symbolic links followed on the way and,
   * when `follow`, at the end.
   */
  lookup(path: string, creds: Creds | null, follow: boolean): { node: VNode; path: string } | { error: Errno } {
    let parts = normalizePath(path, '/').split('/').filter(Boolean);
    let node: VNode = this.tree;
    let at: string[] = [];
    let hops = 0;
    for (let i = 0; i < parts.length; i += 1) {
      if (node.kind !== 'dir') return { error: 'ENOTDIR' };
      if (creds && !this.can(node, creds, 1)) return { error: 'EACCES' };
      const child: VNode | undefined = node.children[parts[i]!];
      if (!child) return { error: 'ENOENT' };
      const last = i === parts.length - 1;
      if (child.kind === 'link' && (!last || follow)) {
        hops += 1;
        if (hops > 8) return { error: 'ELOOP' };
        const target = normalizePath(child.target, `/${at.join('/')}`);
        parts = [...target.split('/').filter(Boolean), ...parts.slice(i + 1)];
        node = this.tree;
        at = [];
        i = -1;
        continue;
      }
      node = child;
      at.push(parts[i]!);
    }
    return { node, path: `/${at.join('/')}` };
  }

  can(node: VNode, creds: Creds, want: 4 | 2 | 1): boolean {
    if (creds.euid === 0) return want !== 1 || node.kind !== 'file' || (node.mode & 0o111) !== 0;
    const owner = this.accountNamed(node.owner)?.uid;
    const group = this.groupNamed(node.group)?.gid;
    let bits: number;
    if (owner === creds.euid) bits = (node.mode >> 6) & 7;
    else if (group !== undefined && (group === creds.gid || creds.groups.includes(group))) bits = (node.mode >> 3) & 7;
    else bits = node.mode & 7;
    return (bits & want) !== 0;
  }

  /** Reads a file as `creds` would: the place where the flag file's content is produced. */
  readFile(path: string, creds: Creds): { content: string } | { error: Errno } {
    const found = this.lookup(path, creds, true);
    if ('error' in found) return found;
    if (found.node.kind === 'dir') return { error: 'EISDIR' };
    if (!this.can(found.node, creds, 4)) return { error: 'EACCES' };
    const node = found.node as VFile;
    if (node.program) return { content: `ELF… (a binary program: not shown in this lab)\n` };
    return { content: node.read ? node.read() : (node.content ?? '') };
  }

  /** Where `path` is the original of a copy: the original itself, through any copies. */
  private originOf(path: string): string {
    const entry = this.overlay.files[path];
    return entry?.from ?? path;
  }

  private recordFile(path: string, entry: OverlayFile): Errno | null {
    if (path.length > OVERLAY_LIMITS.path) return 'ENAMETOOLONG';
    if (!(path in this.overlay.files) && Object.keys(this.overlay.files).length >= OVERLAY_LIMITS.files)
      return 'ENOSPC';
    if (entry.text !== undefined && Buffer.byteLength(entry.text) > OVERLAY_LIMITS.text) return 'ENOSPC';
    this.overlay.files[path] = entry;
    this.overlay.removed = this.overlay.removed.filter((p) => p !== path);
    const parent = this.raw(parentOf(path), true) as VDir;
    parent.children[baseName(path)] = this.overlayNode(entry);
    return null;
  }

  /** May `creds` create or remove an entry in the directory `dir`? */
  private canChangeDir(dir: VNode, creds: Creds): boolean {
    return dir.kind === 'dir' && this.can(dir, creds, 2) && this.can(dir, creds, 1);
  }

  /** Where a write to `abs` would go, or why it may not. Changes nothing. */
  writeTarget(abs: string, creds: Creds): { path: string; existing?: VFile } | { error: Errno } {
    const found = this.lookup(abs, creds, true);
    if ('node' in found) {
      const node = found.node;
      if (node.kind === 'dir') return { error: 'EISDIR' };
      if (!this.can(node, creds, 2)) return { error: 'EACCES' };
      // Programs and the lab's computed files stay as they are.
      if (node.kind !== 'file' || node.read || node.program) return { error: 'EPERM' };
      return { path: found.path, existing: node };
    }
    if (found.error !== 'ENOENT') return { error: found.error };
    const parent = this.lookup(parentOf(abs), creds, true);
    if ('error' in parent) return { error: parent.error };
    if (!this.canChangeDir(parent.node, creds)) return { error: 'EACCES' };
    const path = `${parent.path === '/' ? '' : parent.path}/${baseName(abs)}`;
    if (path.length > OVERLAY_LIMITS.path) return { error: 'ENAMETOOLONG' };
    if (!(path in this.overlay.files) && Object.keys(this.overlay.files).length >= OVERLAY_LIMITS.files) {
      return { error: 'ENOSPC' };
    }
    return { path };
  }

  /** Writes (or appends to) a regular file, creating it where the directory allows. */
  writeFile(path: string, creds: Creds, text: string, append: boolean): Errno | null {
    const target = this.writeTarget(normalizePath(path, '/'), creds);
    if ('error' in target) return target.error;
    const node = target.existing;
    if (!node) {
      return this.recordFile(target.path, {
        text,
        owner: this.userName(creds.euid),
        group: this.groupName(creds.gid),
        mode: 0o644,
      });
    }
    return this.recordFile(target.path, {
      text: (append ? (node.content ?? '') : '') + text,
      owner: node.owner,
      group: node.group,
      // A write by anyone but root clears the set-ID bits, as the kernel does.
      mode: creds.euid === 0 ? node.mode : node.mode & 0o1777,
    });
  }

  copyFile(from: string, to: string, creds: Creds): Errno | null {
    const source = this.lookup(from, creds, true);
    if ('error' in source) return source.error;
    if (source.node.kind === 'dir') return 'EISDIR';
    if (!this.can(source.node, creds, 4)) return 'EACCES';
    const node = source.node as VFile;
    let dest = normalizePath(to, '/');
    const existing = this.lookup(dest, creds, true);
    if ('node' in existing && existing.node.kind === 'dir') dest = normalizePath(baseName(source.path), existing.path);
    const target = this.lookup(dest, creds, true);
    const origin = this.originOf(source.path);
    if ('node' in target) {
      if (target.node.kind === 'dir') return 'EISDIR';
      if (!this.can(target.node, creds, 2)) return 'EACCES';
      return this.recordFile(target.path, {
        from: origin,
        owner: target.node.owner,
        group: target.node.group,
        mode: target.node.mode,
      });
    }
    if (target.error !== 'ENOENT') return target.error;
    const parent = this.lookup(parentOf(dest), creds, true);
    if ('error' in parent) return parent.error;
    if (!this.canChangeDir(parent.node, creds)) return 'EACCES';
    const entry: OverlayFile = {
      from: origin,
      owner: this.userName(creds.euid),
      group: this.groupName(creds.gid),
      // cp without -p: the source's permission bits less the umask (022), set-ID bits cleared.
      mode: node.mode & 0o755,
    };
    if (node.content === undefined && !node.read && !node.program) entry.text = '';
    return this.recordFile(`${parent.path === '/' ? '' : parent.path}/${baseName(dest)}`, entry);
  }

  chmod(path: string, creds: Creds, mode: (old: number) => number): Errno | null {
    const found = this.lookup(path, creds, true);
    if ('error' in found) return found.error;
    const node = found.node;
    if (creds.euid !== 0 && this.accountNamed(node.owner)?.uid !== creds.euid) return 'EPERM';
    const next = mode(node.mode) & 0o7777;
    const entry = this.overlay.files[found.path];
    if (entry) {
      entry.mode = next;
    } else {
      if (!(found.path in this.overlay.modes) && Object.keys(this.overlay.modes).length >= OVERLAY_LIMITS.modes) {
        return 'ENOSPC';
      }
      this.overlay.modes[found.path] = next;
    }
    node.mode = next;
    return null;
  }

  remove(path: string, creds: Creds): Errno | null {
    const found = this.lookup(path, creds, false);
    if ('error' in found) return found.error;
    if (found.node.kind === 'dir') return 'EISDIR';
    const parent = this.lookup(parentOf(found.path), creds, true);
    if ('error' in parent) return parent.error;
    if (!this.canChangeDir(parent.node, creds)) return 'EACCES';
    // The sticky bit (/tmp): only the file's owner, the directory's owner or root.
    if (parent.node.mode & 0o1000 && creds.euid !== 0) {
      const uid = creds.euid;
      if (this.accountNamed(found.node.owner)?.uid !== uid && this.accountNamed(parent.node.owner)?.uid !== uid) {
        return 'EPERM';
      }
    }
    if (found.path in this.overlay.files) delete this.overlay.files[found.path];
    else {
      if (this.overlay.removed.length >= OVERLAY_LIMITS.removed) return 'ENOSPC';
      this.overlay.removed.push(found.path);
    }
    delete (parent.node as VDir).children[baseName(found.path)];
    return null;
  }

  // -- running commands

  /** Runs a script as `p` would: returns the status of its last command. */
  runScript(src: string, p: Proc, interactive: boolean): number {
    if (p.depth > LIMITS.depth) throw new LimitSignal('lab limit: nesting too deep');
    let list: AndOr[];
    try {
      list = parseShell(src);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      p.io.err(p.shell === 'sh' ? `sh: 1: ${error.message}\n` : `bash: ${bashSyntax(error.message)}\n`);
      return 2;
    }
    let status = 0;
    try {
      for (const item of list) {
        status = this.runPipeline(item.first, p);
        for (const { op, pipeline } of item.rest) {
          p.sh.env['?'] = String(status);
          if ((op === '&&') === (status === 0)) status = this.runPipeline(pipeline, p);
        }
        p.sh.env['?'] = String(status);
      }
    } catch (signal) {
      if (signal instanceof ExitSignal && !interactive) return signal.status;
      throw signal;
    }
    return status;
  }

  private runPipeline(commands: Simple[], p: Proc): number {
    let stdin = p.stdin;
    let status = 0;
    commands.forEach((command, index) => {
      const last = index === commands.length - 1;
      let captured = '';
      const io: Io = last ? p.io : { out: (t) => (captured += t), err: p.io.err };
      // The commands of a real pipeline each run in a subshell: a `cd` there changes nothing.
      const sh = commands.length > 1 ? copyState(p.sh) : p.sh;
      status = this.runSimple(command, { ...p, sh, stdin, io });
      stdin = captured;
    });
    return status;
  }

  private runSimple(command: Simple, p: Proc): number {
    this.tick();
    const argv = command.words.flatMap((word) => this.expand(word, p));
    // Redirections, left to right.
    let out = p.io.out;
    let err = p.io.err;
    let stdin = p.stdin;
    const files: { path: string; append: boolean; fd: number; text: string }[] = [];
    for (const r of command.redirs) {
      const target = this.expand(r.target, p).join(' ');
      if (r.op === '>&') {
        const sink = target === '1' ? out : target === '2' ? err : null;
        if (!sink) {
          p.io.err(`${this.prefix(p)}${target}: Bad file descriptor\n`);
          return 2;
        }
        if (r.fd === 2) err = sink;
        else out = sink;
        continue;
      }
      const path = normalizePath(target, p.sh.cwd);
      if (r.op === '<') {
        const read = this.readFile(path, p.creds);
        if ('error' in read) {
          p.io.err(`${this.prefix(p)}cannot open ${target}: ${ERRNO[read.error]}\n`);
          return 2;
        }
        stdin = read.content;
        continue;
      }
      if (path === '/dev/null') {
        const discard = () => undefined;
        if (r.op === '&>') out = err = discard;
        else if (r.fd === 2) err = discard;
        else out = discard;
        continue;
      }
      const sink = { path, append: r.op === '>>', fd: r.fd, text: '' };
      const check = this.writeTarget(path, p.creds);
      if ('error' in check) {
        p.io.err(`${this.prefix(p)}cannot create ${target}: ${ERRNO[check.error]}\n`);
        return 2;
      }
      files.push(sink);
      const write = (t: string) => {
        sink.text += t;
      };
      if (r.op === '&>') out = err = write;
      else if (r.fd === 2) err = write;
      else out = write;
    }
    let status = 0;
    if (argv.length > 0) {
      status = this.exec(argv, { ...p, stdin, io: { out, err } });
    }
    for (const file of files) {
      const problem = this.writeFile(file.path, p.creds, file.text, file.append);
      if (problem) p.io.err(`${this.prefix(p)}cannot create ${file.path}: ${ERRNO[problem]}\n`);
    }
    return status;
  }

  prefix(p: Proc): string {
    return p.shell === 'sh' ? 'sh: 1: ' : 'bash: ';
  }

  // -- expansion

  private expand(word: Word, p: Proc): string[] {
    type Ch = { c: string; glob: boolean };
    const fields: Ch[][] = [];
    let current: Ch[] | null = null;
    const push = (text: string, glob: boolean) => {
      current ??= [];
      for (const c of text) current.push({ c, glob });
    };
    const split = (text: string) => {
      const pieces = text.split(/[ \t\n]+/);
      pieces.forEach((piece, index) => {
        if (index > 0) {
          if (current) fields.push(current);
          current = null;
        }
        if (piece) push(piece, false);
      });
    };
    const first = word[0];
    if (first?.t === 'lit' && !first.q && /^~(\/|$)/.test(first.v)) {
      word = [{ t: 'lit', v: p.sh.env.HOME ?? '/', q: true }, { ...first, v: first.v.slice(1) }, ...word.slice(1)];
    }
    for (const part of word) {
      let value: string;
      if (part.t === 'lit') {
        if (part.q) {
          push(part.v, false);
          current ??= [];
        } else push(part.v, true);
        continue;
      }
      if (part.t === 'var') value = this.variable(part.name, p);
      else {
        let captured = '';
        const sub: Proc = {
          ...p,
          sh: copyState(p.sh),
          io: { out: (t) => (captured += t), err: p.io.err },
          depth: p.depth + 1,
        };
        this.runScript(part.src, sub, false);
        value = captured.replace(/\n+$/, '');
      }
      if (part.q) {
        push(value, false);
        current ??= [];
      } else split(value);
    }
    if (current) fields.push(current);
    return fields.flatMap((field) => {
      const text = field.map((ch) => ch.c).join('');
      if (!field.some((ch) => ch.glob && '*?['.includes(ch.c))) return [text];
      const matches = this.glob(field, p);
      return matches.length ? matches : [text];
    });
  }

  private variable(name: string, p: Proc): string {
    if (name === '$') return '2792';
    if (name === '#') return '0';
    if (name === '0') return p.shell;
    return p.sh.env[name] ?? '';
  }

  private glob(field: { c: string; glob: boolean }[], p: Proc): string[] {
    const text = field.map((ch) => ch.c).join('');
    const absolute = text.startsWith('/');
    // Split into segments, keeping which characters may match.
    const segments: { text: string; mask: boolean[] }[] = [];
    let seg = { text: '', mask: [] as boolean[] };
    for (const ch of field) {
      if (ch.c === '/') {
        if (seg.text) segments.push(seg);
        seg = { text: '', mask: [] };
      } else {
        seg.text += ch.c;
        seg.mask.push(ch.glob);
      }
    }
    if (seg.text) segments.push(seg);
    let paths = [absolute ? '' : '.'];
    for (const segment of segments) {
      const special = segment.mask.some((g, i) => g && '*?['.includes(segment.text[i]!));
      const next: string[] = [];
      for (const base of paths) {
        if (!special) {
          next.push(base === '.' && !absolute ? segment.text : `${base}/${segment.text}`);
          continue;
        }
        const dir = this.lookup(normalizePath(base || '/', p.sh.cwd), p.creds, true);
        if ('error' in dir || dir.node.kind !== 'dir' || !this.can(dir.node, p.creds, 4)) continue;
        const tokens = globTokens(segment.text, (i) => segment.mask[i]!);
        for (const name of Object.keys(dir.node.children).sort()) {
          if (name.startsWith('.') && !segment.text.startsWith('.')) continue;
          if (globMatch(tokens, name)) next.push(base === '.' && !absolute ? name : `${base}/${name}`);
        }
      }
      paths = next;
      if (paths.length === 0) return [];
    }
    if (text.endsWith('/')) {
      return paths
        .filter((path) => {
          const found = this.lookup(normalizePath(path, p.sh.cwd), p.creds, true);
          return 'node' in found && found.node.kind === 'dir';
        })
        .map((path) => `${path}/`);
    }
    return paths.filter((path) => 'node' in this.lookup(normalizePath(path, p.sh.cwd), p.creds, false));
  }

  // -- exec

  /** Finds a command by name in PATH, as execvp does. */
  which(name: string, pathVar: string, creds: Creds | null): string | null {
    for (const dir of pathVar.split(':').filter(Boolean)) {
      const path = normalizePath(name, dir);
      const found = this.lookup(path, creds, true);
      if ('node' in found && found.node.kind === 'file' && (!creds || this.can(found.node, creds, 1))) return path;
    }
    return null;
  }

  exec(argv: string[], p: Proc): number {
    const name = argv[0]!;
    const builtin = SHELL_BUILTINS[name];
    if (builtin) return builtin(this, argv, p);
    let path: string | null;
    if (name.includes('/')) path = normalizePath(name, p.sh.cwd);
    else {
      path = this.which(name, p.sh.env.PATH ?? '', p.creds);
      if (!path) {
        const note = UNAVAILABLE.has(name) ? ' (this emulated host has only the commands `help` lists)' : '';
        p.io.err(p.shell === 'sh' ? `sh: 1: ${name}: not found${note}\n` : `bash: ${name}: command not found${note}\n`);
        return 127;
      }
    }
    return this.execPath(path, argv, p);
  }

  /** execve: runs the program file at `path`, set-user-ID bit honoured. */
  execPath(path: string, argv: string[], p: Proc): number {
    const name = argv[0]!;
    const found = this.lookup(path, p.creds, true);
    const fail = (reason: string, status: number) => {
      p.io.err(p.shell === 'sh' ? `sh: 1: ${name}: ${reason}\n` : `bash: ${name}: ${reason}\n`);
      return status;
    };
    if ('error' in found) return fail(found.error === 'ENOENT' ? 'not found' : ERRNO[found.error], 127);
    const node = found.node;
    if (node.kind === 'dir') return fail('Is a directory', 126);
    if (!this.can(node, p.creds, 1)) return fail('Permission denied', 126);
    const file = node as VFile;
    const program = file.program ? PROGRAMS[file.program] : undefined;
    const sh = copyState(p.sh);
    if (!program) {
      // A script: sh runs it, with the caller's IDs (Linux ignores the set-user-ID bit on scripts).
      const read = this.readFile(found.path, p.creds);
      if ('error' in read) return fail(ERRNO[read.error], 126);
      return this.runScript(read.content, { ...p, sh, shell: 'sh', depth: p.depth + 1 }, false);
    }
    const creds = { ...p.creds };
    if (file.mode & 0o4000) creds.euid = this.accountNamed(file.owner)?.uid ?? creds.euid;
    this.tick();
    return program(this, argv, { ...p, creds, sh });
  }
}

// ---------------------------------------------------------------------------------------
// Output helpers

function pad(value: string | number, width: number, left = false): string {
  const text = String(value);
  return left ? text.padEnd(width) : text.padStart(width);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toDate(stamp: string): Date {
  return new Date(`${stamp.replace(' ', 'T')}:00Z`);
}

function lsDate(stamp: string, now: string): string {
  const d = toDate(stamp);
  const recent = toDate(now).getTime() - d.getTime() < 182 * 86400_000;
  const day = String(d.getUTCDate()).padStart(2, ' ');
  return `${MONTHS[d.getUTCMonth()]} ${day} ${recent ? stamp.slice(11, 16) : ` ${d.getUTCFullYear()}`}`;
}

export function modeString(node: VNode): string {
  const type = node.kind === 'dir' ? 'd' : node.kind === 'link' ? 'l' : '-';
  const m = node.mode;
  const triple = (shift: number, special: number, char: string) => {
    const r = m & (4 << shift) ? 'r' : '-';
    const w = m & (2 << shift) ? 'w' : '-';
    const xBit = m & (1 << shift);
    const x = m & special ? (xBit ? char : char.toUpperCase()) : xBit ? 'x' : '-';
    return r + w + x;
  };
  return type + triple(6, 0o4000, 's') + triple(3, 0o2000, 's') + triple(0, 0o1000, 't');
}

function nodeSize(node: VNode): number {
  if (node.kind === 'dir') return 4096;
  if (node.kind === 'link') return node.target.length;
  return node.size ?? (node.content ?? '').length;
}

function idLine(m: Machine, creds: Creds): string {
  const name = (uid: number) => `${uid}(${m.userName(uid)})`;
  const group = (gid: number) => `${gid}(${m.groupName(gid)})`;
  const euid = creds.euid !== creds.uid ? ` euid=${name(creds.euid)}` : '';
  const groups = [creds.gid, ...creds.groups.filter((g) => g !== creds.gid)].map(group).join(',');
  return `uid=${name(creds.uid)} gid=${group(creds.gid)}${euid} groups=${groups}`;
}

/** Splits `-la` style flags from operands; stops at `--`. */
function flags(args: string[], known: string): { on: Set<string>; rest: string[]; bad?: string } {
  const on = new Set<string>();
  const rest: string[] = [];
  let options = true;
  for (const arg of args) {
    if (options && arg === '--') options = false;
    else if (options && arg.startsWith('-') && arg.length > 1) {
      for (const c of arg.slice(1)) {
        if (!known.includes(c)) return { on, rest, bad: c };
        on.add(c);
      }
    } else rest.push(arg);
  }
  return { on, rest };
}

/** Text from files (or standard input), with the errors cat-like tools print. */
function inputs(
  m: Machine,
  tool: string,
  paths: string[],
  p: Proc,
): { texts: { name: string; text: string }[]; status: number } {
  if (paths.length === 0 || (paths.length === 1 && paths[0] === '-')) {
    return { texts: [{ name: '(standard input)', text: p.stdin ?? '' }], status: 0 };
  }
  const texts: { name: string; text: string }[] = [];
  let status = 0;
  for (const path of paths) {
    const read = m.readFile(normalizePath(path, p.sh.cwd), p.creds);
    if ('error' in read) {
      p.io.err(`${tool}: ${path}: ${ERRNO[read.error]}\n`);
      status = 1;
    } else texts.push({ name: path, text: read.content });
  }
  return { texts, status };
}

const lines = (text: string) => (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');

// ---------------------------------------------------------------------------------------
// chmod modes (also find -perm's symbolic form)

export function parseMode(spec: string): ((old: number) => number) | null {
  if (/^[0-7]{1,4}$/.test(spec)) {
    const value = Number.parseInt(spec, 8);
    return () => value;
  }
  const clauses = spec.split(',');
  const steps: ((old: number) => number)[] = [];
  for (const clause of clauses) {
    const match = /^([ugoa]*)([+\-=])([rwxst]*)$/.exec(clause);
    if (!match) return null;
    const who = match[1] || 'a';
    const op = match[2]!;
    const perms = match[3]!;
    let mask = 0;
    for (const w of who === 'a' ? 'ugo' : who) {
      const shift = w === 'u' ? 6 : w === 'g' ? 3 : 0;
      for (const perm of perms) {
        if (perm === 'r') mask |= 4 << shift;
        if (perm === 'w') mask |= 2 << shift;
        if (perm === 'x') mask |= 1 << shift;
        if (perm === 's' && w === 'u') mask |= 0o4000;
        if (perm === 's' && w === 'g') mask |= 0o2000;
        if (perm === 't' && w === 'o') mask |= 0o1000;
      }
    }
    if (who === 'a' && perms.includes('t')) mask |= 0o1000;
    const clear = (who === 'a' ? 'ugo' : who)
      .split('')
      .reduce((acc, w) => acc | (w === 'u' ? 0o4700 : w === 'g' ? 0o2070 : 0o1007), 0);
    steps.push((old) => (op === '+' ? old | mask : op === '-' ? old & ~mask : (old & ~clear) | mask));
  }
  return (old) => steps.reduce((mode, step) => step(mode), old);
}

// ---------------------------------------------------------------------------------------
// Shell built-ins (run inside the shell process itself)

const SHELL_BUILTINS: Record<string, Program> = {
  cd(m, argv, p) {
    const target = argv[1] ?? p.sh.env.HOME ?? '/';
    const path = normalizePath(target, p.sh.cwd);
    const found = m.lookup(path, p.creds, true);
    let problem: string | null = null;
    if ('error' in found) problem = ERRNO[found.error];
    else if (found.node.kind !== 'dir') problem = ERRNO.ENOTDIR;
    else if (!m.can(found.node, p.creds, 1)) problem = ERRNO.EACCES;
    if (problem) {
      p.io.err(p.shell === 'sh' ? `sh: 1: cd: can't cd to ${target}\n` : `bash: cd: ${target}: ${problem}\n`);
      return 1;
    }
    p.sh.cwd = path;
    p.sh.env.PWD = path;
    return 0;
  },
  pwd(_m, _argv, p) {
    p.io.out(`${p.sh.cwd}\n`);
    return 0;
  },
  echo: (_m, argv, p) => echo(argv, p),
  exit(_m, argv) {
    throw new ExitSignal(Number.parseInt(argv[1] ?? '0', 10) || 0);
  },
  true: () => 0,
  false: () => 1,
  ':': () => 0,
  export(_m, argv, p) {
    for (const arg of argv.slice(1)) {
      const eq = arg.indexOf('=');
      if (eq > 0) p.sh.env[arg.slice(0, eq)] = arg.slice(eq + 1);
    }
    return 0;
  },
  help(m, _argv, p) {
    const names = new Set<string>();
    for (const dir of ['/usr/bin', '/usr/sbin']) {
      const node = m.raw(dir, true);
      if (node?.kind !== 'dir') continue;
      for (const [name, child] of Object.entries(node.children)) if (child.kind !== 'dir') names.add(name);
    }
    p.io.out(
      `Programs on this host: ${[...names].sort().join(' ')}\nShell built-ins: cd pwd echo exit export history clear help\nSyntax: ; && || | > >> < 2>&1 2>/dev/null 'quotes' "quotes" \\ $VAR $(…) \`…\` * ? [..]\n`,
    );
    return 0;
  },
  history(m, _argv, p) {
    p.io.out(m.history.map((line, index) => `${pad(index + 1, 5)}  ${line}\n`).join(''));
    return 0;
  },
};

function echo(argv: string[], p: Proc): number {
  let args = argv.slice(1);
  let newline = true;
  let escapes = p.shell === 'sh';
  while (args[0] && /^-[neE]+$/.test(args[0])) {
    if (args[0].includes('n')) newline = false;
    if (args[0].includes('e')) escapes = true;
    if (args[0].includes('E')) escapes = false;
    args = args.slice(1);
  }
  let text = args.join(' ');
  if (escapes) text = text.replaceAll('\\n', '\n').replaceAll('\\t', '\t');
  p.io.out(newline ? `${text}\n` : text);
  return 0;
}

// ---------------------------------------------------------------------------------------
// Programs (files in /usr/bin and friends run these)

function shellProgram(kind: 'bash' | 'sh'): Program {
  return (m, argv, p) => {
    const name = kind === 'sh' ? 'sh' : 'bash';
    let privileged = false;
    let command: string | undefined;
    let script: string | undefined;
    const args = argv.slice(1);
    for (let i = 0; i < args.length; i += 1) {
      const arg = args[i]!;
      if (arg === '-c') {
        command = args[i + 1];
        if (command === undefined) {
          p.io.err(`${name}: -c: option requires an argument\n`);
          return 2;
        }
        break;
      }
      if (/^-[pi]+$/.test(arg)) {
        if (arg.includes('p')) privileged = true;
        continue;
      }
      if (arg === '--') continue;
      if (arg.startsWith('-')) continue;
      script = arg;
      break;
    }
    const creds = { ...p.creds };
    // Both shells give up an effective ID that differs from the real one, unless -p.
    if (creds.euid !== creds.uid && !privileged) creds.euid = creds.uid;
    const sh = { cwd: p.sh.cwd, env: { ...p.sh.env, SHELL: `/bin/${name}` } };
    const child: Proc = { ...p, creds, sh, shell: kind, depth: p.depth + 1 };
    if (command !== undefined) return m.runScript(command, child, false);
    if (script !== undefined) {
      const read = m.readFile(normalizePath(script, p.sh.cwd), creds);
      if ('error' in read) {
        p.io.err(
          kind === 'sh' ? `sh: 0: cannot open ${script}: No such file\n` : `bash: ${script}: ${ERRNO[read.error]}\n`,
        );
        return 127;
      }
      return m.runScript(read.content, child, false);
    }
    if (p.stdin !== null) return m.runScript(p.stdin, { ...child, stdin: '' }, false);
    // Standard input is the terminal: an interactive shell, which now reads the learner's lines.
    throw new SpawnSignal({ uid: creds.uid, euid: creds.euid, gid: creds.gid, cwd: p.sh.cwd, shell: kind });
  };
}

function ls(m: Machine, argv: string[], p: Proc): number {
  const parsed = flags(argv.slice(1), 'laAd1hFrtRS');
  if (parsed.bad) {
    p.io.err(`ls: invalid option -- '${parsed.bad}'\n`);
    return 2;
  }
  const { on } = parsed;
  const long = on.has('l');
  const operands = parsed.rest.length ? parsed.rest : ['.'];
  let status = 0;
  const fileRows: { name: string; node: VNode }[] = [];
  const dirs: { name: string; path: string; node: VDir }[] = [];
  for (const operand of operands) {
    const abs = normalizePath(operand, p.sh.cwd);
    const follow = !long || operand.endsWith('/');
    const found = m.lookup(abs, p.creds, follow);
    if ('error' in found) {
      p.io.err(`ls: cannot access '${operand}': ${ERRNO[found.error]}\n`);
      status = 2;
      continue;
    }
    if (found.node.kind === 'dir' && !on.has('d')) dirs.push({ name: operand, path: found.path, node: found.node });
    else fileRows.push({ name: operand, node: found.node });
  }
  const render = (rows: { name: string; node: VNode }[]) => {
    if (on.has('r')) rows.reverse();
    if (!long) return rows.map((r) => `${r.name}\n`).join('');
    const links = (node: VNode) =>
      node.kind === 'dir' ? 2 + Object.values(node.children).filter((c) => c.kind === 'dir').length : 1;
    const w = {
      links: Math.max(...rows.map((r) => String(links(r.node)).length)),
      owner: Math.max(...rows.map((r) => r.node.owner.length)),
      group: Math.max(...rows.map((r) => r.node.group.length)),
      size: Math.max(...rows.map((r) => String(nodeSize(r.node)).length)),
    };
    return rows
      .map(
        (r) =>
          `${modeString(r.node)} ${pad(links(r.node), w.links)} ${pad(r.node.owner, w.owner, true)} ${pad(r.node.group, w.group, true)} ${pad(nodeSize(r.node), w.size)} ${lsDate(r.node.mtime, m.system.now)} ${r.name}${r.node.kind === 'link' ? ` -> ${r.node.target}` : ''}\n`,
      )
      .join('');
  };
  const chunks: string[] = [];
  if (fileRows.length) chunks.push(render(fileRows));
  for (const dir of dirs) {
    let text = operands.length > 1 ? `${dir.name}:\n` : '';
    if (!m.can(dir.node, p.creds, 4)) {
      p.io.err(`ls: cannot open directory '${dir.name}': Permission denied\n`);
      status = 2;
      continue;
    }
    const rows: { name: string; node: VNode }[] = [];
    if (on.has('a')) {
      rows.push({ name: '.', node: dir.node });
      rows.push({ name: '..', node: m.raw(parentOf(dir.path), true) ?? dir.node });
    }
    for (const name of Object.keys(dir.node.children).sort()) {
      if (name.startsWith('.') && !on.has('a') && !on.has('A')) continue;
      rows.push({ name, node: dir.node.children[name]! });
    }
    if (long) {
      const blocks = rows.reduce(
        (sum, r) => sum + (r.node.kind === 'link' ? 0 : Math.ceil(nodeSize(r.node) / 4096) * 4),
        0,
      );
      text += `total ${blocks}\n`;
    }
    text += rows.length ? render(rows) : '';
    chunks.push(text);
  }
  p.io.out(chunks.join('\n'));
  return status;
}

function cat(m: Machine, argv: string[], p: Proc): number {
  const parsed = flags(argv.slice(1), 'nAvE');
  if (parsed.bad) {
    p.io.err(`cat: invalid option -- '${parsed.bad}'\n`);
    return 1;
  }
  const { texts, status } = inputs(m, 'cat', parsed.rest, p);
  let count = 0;
  for (const { text } of texts) {
    if (parsed.on.has('n')) {
      p.io.out(
        lines(text)
          .map((line) => `${pad((count += 1), 6)}\t${line}\n`)
          .join(''),
      );
    } else p.io.out(text);
  }
  return status;
}

function grep(m: Machine, argv: string[], p: Proc): number {
  const parsed = flags(argv.slice(1), 'ivncrRlhHEFwsq');
  if (parsed.bad) {
    p.io.err(`grep: invalid option -- '${parsed.bad}'\n`);
    return 2;
  }
  const [pattern, ...paths] = parsed.rest;
  if (pattern === undefined) {
    p.io.err('Usage: grep [OPTION]... PATTERNS [FILE]...\n');
    return 2;
  }
  const o = parsed.on;
  const fold = o.has('i');
  const needle = fold ? pattern.toLowerCase() : pattern;
  const anchoredStart = needle.startsWith('^');
  const anchoredEnd = needle.endsWith('$') && needle.length > 1;
  const core = needle.slice(anchoredStart ? 1 : 0, anchoredEnd ? -1 : undefined);
  const matches = (line: string) => {
    const hay = fold ? line.toLowerCase() : line;
    let hit: boolean;
    if (anchoredStart && anchoredEnd) hit = hay === core;
    else if (anchoredStart) hit = hay.startsWith(core);
    else if (anchoredEnd) hit = hay.endsWith(core);
    else hit = hay.includes(core);
    return hit !== o.has('v');
  };
  let sources: { name: string; text: string }[] = [];
  let status = 0;
  if (o.has('r') || o.has('R')) {
    const roots = paths.length ? paths : ['.'];
    for (const root of roots) {
      walk(
        'grep',
        m,
        normalizePath(root, p.sh.cwd),
        root,
        p,
        (path, node) => {
          if (node.kind !== 'file') return;
          const read = m.readFile(normalizePath(path, p.sh.cwd), p.creds);
          if ('error' in read) {
            if (!o.has('s')) p.io.err(`grep: ${path}: ${ERRNO[read.error]}\n`);
          } else if (!(node as VFile).program) sources.push({ name: path, text: read.content });
        },
        (path) => {
          if (!o.has('s')) p.io.err(`grep: ${path}: Permission denied\n`);
          status = 2;
        },
      );
    }
  } else {
    const got = inputs(m, 'grep', paths, p);
    sources = got.texts;
    status = got.status ? 2 : 0;
  }
  const many = sources.length > 1 || o.has('r') || o.has('R');
  const named = o.has('H') || (many && !o.has('h'));
  let found = false;
  for (const source of sources) {
    const hits = lines(source.text)
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => matches(line));
    if (hits.length) found = true;
    if (o.has('q')) continue;
    if (o.has('l')) {
      if (hits.length) p.io.out(`${source.name}\n`);
    } else if (o.has('c')) p.io.out(`${named ? `${source.name}:` : ''}${hits.length}\n`);
    else {
      for (const { line, index } of hits) {
        p.io.out(`${named ? `${source.name}:` : ''}${o.has('n') ? `${index + 1}:` : ''}${line}\n`);
      }
    }
  }
  return status === 2 && !found ? 2 : found ? 0 : 1;
}

/** Depth-first walk as find does it: directories it may not read are reported. */
function walk(
  tool: string,
  m: Machine,
  abs: string,
  shown: string,
  p: Proc,
  visit: (shown: string, node: VNode, depth: number) => boolean | void,
  denied: (shown: string) => void,
  options: { follow?: boolean; maxdepth?: number } = {},
): void {
  const start = m.lookup(abs, p.creds, true);
  if ('error' in start) {
    p.io.err(`${tool}: '${shown}': ${ERRNO[start.error]}\n`);
    return;
  }
  const first = options.follow ? start.node : (m.lookup(abs, p.creds, false) as { node: VNode }).node;
  const go = (node: VNode, path: string, depth: number) => {
    m.visit();
    const prune = visit(path, node, depth) === false;
    const real =
      node.kind === 'link' && options.follow ? m.raw(normalizePath(node.target, parentOf(path)), true) : node;
    if (!real || real.kind !== 'dir' || prune) return;
    if (options.maxdepth !== undefined && depth >= options.maxdepth) return;
    if (!m.can(real, p.creds, 4) || !m.can(real, p.creds, 1)) {
      denied(path);
      return;
    }
    for (const name of Object.keys(real.children).sort()) {
      go(real.children[name]!, path === '/' ? `/${name}` : `${path.replace(/\/$/, '')}/${name}`, depth + 1);
    }
  };
  go(first, shown, 0);
}

// find: an expression tree over tests and actions, evaluated per file.

type FindExpr =
  | { t: 'and' | 'or'; l: FindExpr; r: FindExpr }
  | { t: 'not'; e: FindExpr }
  | { t: 'test'; fn: (path: string, node: VNode) => boolean }
  | { t: 'exec'; argv: string[]; batch: boolean; dir: boolean }
  | { t: 'print' | 'quit' | 'delete' | 'prune' | 'ls' };

class FindError extends Error {}

function find(m: Machine, argv: string[], p: Proc): number {
  let args = argv.slice(1);
  let follow = false;
  while (args[0] === '-L' || args[0] === '-P' || args[0] === '-H') {
    follow = args[0] === '-L';
    args = args.slice(1);
  }
  const starts: string[] = [];
  while (args.length && !args[0]!.startsWith('-') && args[0] !== '(' && args[0] !== '!') starts.push(args.shift()!);
  if (starts.length === 0) starts.push('.');
  let maxdepth: number | undefined;
  let mindepth = 0;
  let hasAction = false;
  const now = toDate(m.system.now).getTime();
  const batches: { argv: string[]; paths: string[] }[] = [];

  let i = 0;
  const need = (flag: string) => {
    const value = args[i];
    if (value === undefined) throw new FindError(`missing argument to \`${flag}'`);
    i += 1;
    return value;
  };
  const primary = (): FindExpr => {
    const token = args[i];
    if (token === undefined) throw new FindError('expected an expression');
    i += 1;
    switch (token) {
      case '(': {
        const e = or();
        if (args[i] !== ')') throw new FindError("invalid expression; expected ')'");
        i += 1;
        return e;
      }
      case '!':
      case '-not':
        return { t: 'not', e: primary() };
      case '-name':
      case '-iname': {
        const tokens = globTokens(need(token), () => true);
        const fold = token === '-iname';
        return { t: 'test', fn: (path) => globMatch(tokens, baseName(path), fold) };
      }
      case '-path':
      case '-wholename': {
        const tokens = globTokens(need(token), () => true);
        return { t: 'test', fn: (path) => globMatch(tokens, path) };
      }
      case '-type': {
        const type = need(token);
        if (!['f', 'd', 'l'].includes(type)) throw new FindError(`Unknown argument to -type: ${type}`);
        const kind = type === 'f' ? 'file' : type === 'd' ? 'dir' : 'link';
        return { t: 'test', fn: (_path, node) => node.kind === kind };
      }
      case '-perm': {
        const spec = need(token);
        const mode = spec.replace(/^[-/]/, '');
        const bits = parseMode(mode);
        if (!bits) throw new FindError(`invalid mode '${spec}'`);
        const want = bits(0);
        if (spec.startsWith('-')) return { t: 'test', fn: (_p, node) => (node.mode & want) === want };
        if (spec.startsWith('/')) return { t: 'test', fn: (_p, node) => want === 0 || (node.mode & want) !== 0 };
        return { t: 'test', fn: (_p, node) => (node.mode & 0o7777) === want };
      }
      case '-user':
      case '-group': {
        const who = need(token);
        const field = token === '-user' ? 'owner' : 'group';
        const byId = token === '-user' ? (uid: number) => m.userName(uid) : (gid: number) => m.groupName(gid);
        const name = /^\d+$/.test(who) ? byId(Number(who)) : who;
        return { t: 'test', fn: (_p, node) => node[field] === name };
      }
      case '-uid': {
        const uid = Number(need(token));
        return { t: 'test', fn: (_p, node) => m.accountNamed(node.owner)?.uid === uid };
      }
      case '-writable':
      case '-readable':
      case '-executable': {
        // access(2), as find uses it: a symbolic link is judged by what it points to.
        const want = token === '-writable' ? 2 : token === '-readable' ? 4 : 1;
        return {
          t: 'test',
          fn: (path, node) => {
            const real = node.kind === 'link' ? m.raw(normalizePath(path, p.sh.cwd), true) : node;
            return real !== undefined && m.can(real, p.creds, want);
          },
        };
      }
      case '-empty':
        return {
          t: 'test',
          fn: (_p, node) => (node.kind === 'dir' ? Object.keys(node.children).length === 0 : nodeSize(node) === 0),
        };
      case '-mtime': {
        const spec = need(token);
        const n = Number(spec.replace(/^[+-]/, ''));
        if (!Number.isFinite(n)) throw new FindError(`invalid argument \`${spec}' to \`-mtime'`);
        return {
          t: 'test',
          fn: (_p, node) => {
            const days = Math.floor((now - toDate(node.mtime).getTime()) / 86400_000);
            return spec.startsWith('+') ? days > n : spec.startsWith('-') ? days < n : days === n;
          },
        };
      }
      case '-newer': {
        const reference = need(token);
        const found = m.lookup(normalizePath(reference, p.sh.cwd), p.creds, true);
        if ('error' in found) throw new FindError(`'${reference}': ${ERRNO[found.error]}`);
        const time = toDate(found.node.mtime).getTime();
        return { t: 'test', fn: (_p, node) => toDate(node.mtime).getTime() > time };
      }
      case '-maxdepth':
      case '-mindepth': {
        const n = Number(need(token));
        if (!Number.isInteger(n) || n < 0)
          throw new FindError(`Expected a positive decimal integer argument to ${token}`);
        if (token === '-maxdepth') maxdepth = n;
        else mindepth = n;
        return { t: 'test', fn: () => true };
      }
      case '-true':
        return { t: 'test', fn: () => true };
      case '-false':
        return { t: 'test', fn: () => false };
      case '-print':
      case '-quit':
      case '-delete':
      case '-prune':
      case '-ls':
        if (token !== '-prune') hasAction = true;
        return { t: token.slice(1) as 'print' };
      case '-exec':
      case '-execdir':
      case '-ok': {
        hasAction = true;
        const command: string[] = [];
        for (;;) {
          const part = args[i];
          if (part === undefined) throw new FindError(`missing argument to \`${token}'`);
          i += 1;
          if (part === ';') {
            if (command.length === 0) throw new FindError(`missing argument to \`${token}'`);
            return { t: 'exec', argv: command, batch: false, dir: token === '-execdir' };
          }
          if (part === '+' && command[command.length - 1] === '{}') {
            return { t: 'exec', argv: command, batch: true, dir: token === '-execdir' };
          }
          command.push(part);
        }
      }
      default:
        if (token.startsWith('-')) throw new FindError(`unknown predicate \`${token}'`);
        throw new FindError(`paths must precede expression: \`${token}'`);
    }
  };
  const and = (): FindExpr => {
    let left = primary();
    for (;;) {
      const token = args[i];
      if (token === undefined || token === ')' || token === '-o' || token === '-or') return left;
      if (token === '-a' || token === '-and') i += 1;
      left = { t: 'and', l: left, r: primary() };
    }
  };
  const or = (): FindExpr => {
    let left = and();
    while (args[i] === '-o' || args[i] === '-or') {
      i += 1;
      left = { t: 'or', l: left, r: and() };
    }
    return left;
  };

  let expr: FindExpr = { t: 'test', fn: () => true };
  try {
    if (args.length) expr = or();
    if (i < args.length) throw new FindError(`paths must precede expression: \`${args[i]}'`);
  } catch (error) {
    if (!(error instanceof FindError)) throw error;
    p.io.err(`find: ${error.message}\n`);
    return 1;
  }
  if (!hasAction) expr = { t: 'and', l: expr, r: { t: 'print' } };

  let status = 0;
  let pruned = false;
  const runExec = (command: string[], paths: string[], cwd: string): boolean => {
    const argv2 = command.flatMap((arg) => (arg === '{}' ? paths : [arg.replaceAll('{}', paths[0] ?? '')]));
    if (argv2.length === 0) return false;
    // find runs the command itself (execvp), with its own IDs: no shell in between.
    const child: Proc = { ...p, sh: { cwd, env: { ...p.sh.env } }, depth: p.depth + 1 };
    const name = argv2[0]!;
    const path = name.includes('/') ? normalizePath(name, cwd) : m.which(name, p.sh.env.PATH ?? '', p.creds);
    if (!path) {
      p.io.err(`find: '${name}': No such file or directory\n`);
      status = 1;
      return false;
    }
    return m.execPath(path, argv2, child) === 0;
  };
  const evaluate = (e: FindExpr, path: string, node: VNode): boolean => {
    switch (e.t) {
      case 'and':
        return evaluate(e.l, path, node) && evaluate(e.r, path, node);
      case 'or':
        return evaluate(e.l, path, node) || evaluate(e.r, path, node);
      case 'not':
        return !evaluate(e.e, path, node);
      case 'test':
        return e.fn(path, node);
      case 'print':
        p.io.out(`${path}\n`);
        return true;
      case 'ls':
        p.io.out(`${modeString(node)} ${node.owner} ${node.group} ${nodeSize(node)} ${path}\n`);
        return true;
      case 'quit':
        throw new QuitSignal();
      case 'prune':
        pruned = true;
        return true;
      case 'delete': {
        const problem = m.remove(normalizePath(path, p.sh.cwd), p.creds);
        if (problem) {
          p.io.err(`find: cannot delete '${path}': ${ERRNO[problem]}\n`);
          status = 1;
          return false;
        }
        return true;
      }
      case 'exec': {
        const cwd = e.dir ? parentOf(normalizePath(path, p.sh.cwd)) : p.sh.cwd;
        const shown = e.dir ? `./${baseName(path)}` : path;
        if (e.batch) {
          let batch = batches.find((b) => b.argv === e.argv);
          if (!batch) batches.push((batch = { argv: e.argv, paths: [] }));
          batch.paths.push(shown);
          return true;
        }
        return runExec(e.argv, [shown], cwd);
      }
    }
  };
  try {
    for (const start of starts) {
      walk(
        'find',
        m,
        normalizePath(start, p.sh.cwd),
        start,
        p,
        (path, node, depth) => {
          pruned = false;
          if (depth >= mindepth) evaluate(expr, path, node);
          return !pruned;
        },
        (path) => {
          p.io.err(`find: '${path}': Permission denied\n`);
          status = 1;
        },
        { follow, ...(maxdepth !== undefined ? { maxdepth } : {}) },
      );
    }
  } catch (signal) {
    if (!(signal instanceof QuitSignal)) throw signal;
  }
  for (const batch of batches) runExec(batch.argv, batch.paths, p.sh.cwd);
  return status;
}

function sudo(m: Machine, argv: string[], p: Proc): number {
  const user = m.account(p.creds.uid)!;
  const host = m.system.hostname;
  const sudoers = m.system.sudo;
  let args = argv.slice(1);
  let runAs = 'root';
  let list = false;
  let stdinPassword = false;
  let shell = false;
  while (args[0]?.startsWith('-') && args[0] !== '--') {
    const option = args.shift()!;
    if (option === '-l' || option === '-ll') list = true;
    else if (option === '-u') runAs = args.shift() ?? '';
    else if (option === '-S') stdinPassword = true;
    else if (option === '-s' || option === '-i') shell = true;
    else if (option === '-n' || option === '-E' || option === '-H') continue;
    else if (option === '-V') {
      p.io.out(`Sudo version ${sudoers.version}\nSudoers policy plugin version ${sudoers.version}\n`);
      return 0;
    } else if (option === '-h') {
      p.io.out('usage: sudo -l [-u user] [command]\nusage: sudo [-S] [-u user] command [arg ...]\n');
      return 0;
    } else {
      p.io.err(`sudo: invalid option -- '${option.replace(/^-+/, '')}'\n`);
      return 1;
    }
  }
  if (args[0] === '--') args = args.slice(1);
  const rules = sudoers.rules.filter((r) => r.user === user.name);
  const isRoot = p.creds.uid === 0;
  const passwordNeeded = () => {
    if (stdinPassword) {
      p.io.err(`[sudo] password for ${user.name}: Sorry, try again.\nsudo: 1 incorrect password attempt\n`);
    } else {
      p.io.err(
        'sudo: a terminal is required to read the password; either use the -S option to read from standard input or configure an askpass helper\nsudo: a password is required\n',
      );
    }
    return 1;
  };
  if (list) {
    if (!isRoot && !rules.some((r) => r.nopasswd)) return passwordNeeded();
    p.io.out(
      `Matching Defaults entries for ${user.name} on ${host}:\n    ${sudoers.defaults.join(', ')}\n\nUser ${user.name} may run the following commands on ${host}:\n${
        isRoot
          ? '    (ALL : ALL) ALL\n'
          : rules
              .map(
                (r) => `    (${r.runAs}) ${r.nopasswd ? 'NOPASSWD: ' : ''}${r.command}${r.args ? ` ${r.args}` : ''}\n`,
              )
              .join('')
      }`,
    );
    return 0;
  }
  const target = m.accountNamed(runAs);
  if (!target) {
    p.io.err(`sudo: unknown user ${runAs}\n`);
    return 1;
  }
  if (shell) args = [target.shell, ...(args.length ? ['-c', args.join(' ')] : [])];
  if (args.length === 0) {
    p.io.err('usage: sudo -h | -K | -k | -V\nusage: sudo [-u user] command [arg ...]\n');
    return 1;
  }
  const name = args[0]!;
  const path = name.includes('/') ? normalizePath(name, p.sh.cwd) : m.which(name, sudoers.securePath, null);
  if (!path || !('node' in m.lookup(path, null, true))) {
    if (!isRoot && !rules.some((r) => r.nopasswd)) return passwordNeeded();
    p.io.err(`sudo: ${name}: command not found\n`);
    return 1;
  }
  const rest = args.slice(1).join(' ');
  const allowed =
    isRoot ||
    rules.some(
      (r) =>
        r.nopasswd &&
        (r.runAs === runAs || r.runAs === 'ALL') &&
        normalizePath(r.command, '/') === path &&
        (r.args === undefined || r.args === rest),
    );
  if (!allowed) return passwordNeeded();
  const creds = m.credsFor(target.uid);
  const env = {
    ...p.sh.env,
    PATH: sudoers.securePath,
    HOME: target.home,
    USER: target.name,
    LOGNAME: target.name,
    SUDO_USER: user.name,
    SUDO_UID: String(user.uid),
  };
  return m.execPath(path, [name, ...args.slice(1)], { ...p, creds, sh: { cwd: p.sh.cwd, env }, depth: p.depth + 1 });
}

const PROGRAMS: Record<string, Program> = {
  true: () => 0,
  false: () => 1,
  bash: shellProgram('bash'),
  dash: shellProgram('sh'),
  ls,
  cat,
  grep,
  find,
  sudo,
  echo: (_m, argv, p) => echo(argv, { ...p, shell: 'bash' }),
  id(m, argv, p) {
    if (argv[1]) {
      const account = m.accountNamed(argv[1]);
      if (!account) {
        p.io.err(`id: '${argv[1]}': no such user\n`);
        return 1;
      }
      p.io.out(`${idLine(m, m.credsFor(account.uid))}\n`);
      return 0;
    }
    p.io.out(`${idLine(m, p.creds)}\n`);
    return 0;
  },
  whoami(m, _argv, p) {
    p.io.out(`${m.userName(p.creds.euid)}\n`);
    return 0;
  },
  hostname(m, _argv, p) {
    p.io.out(`${m.system.hostname}\n`);
    return 0;
  },
  uname(m, argv, p) {
    const k = m.system.kernel;
    const o = flags(argv.slice(1), 'asnrvmpio').on;
    const all = o.has('a');
    const fields = [
      (all || o.has('s') || o.size === 0) && 'Linux',
      (all || o.has('n')) && m.system.hostname,
      (all || o.has('r')) && k.release,
      (all || o.has('v')) && k.version,
      (all || o.has('m')) && k.machine,
      (all || o.has('p')) && k.machine,
      (all || o.has('i')) && k.machine,
      (all || o.has('o')) && 'GNU/Linux',
    ].filter(Boolean);
    p.io.out(`${fields.join(' ')}\n`);
    return 0;
  },
  head: (m, argv, p) => headTail(m, argv, p, 'head'),
  tail: (m, argv, p) => headTail(m, argv, p, 'tail'),
  wc(m, argv, p) {
    const parsed = flags(argv.slice(1), 'lwc');
    const { texts, status } = inputs(m, 'wc', parsed.rest, p);
    const o = parsed.on.size ? parsed.on : new Set(['l', 'w', 'c']);
    for (const { name, text } of texts) {
      const counts = [
        o.has('l') && (text.match(/\n/g) ?? []).length,
        o.has('w') && text.split(/\s+/).filter(Boolean).length,
        o.has('c') && Buffer.byteLength(text),
      ].filter((v) => v !== false);
      p.io.out(`${counts.join(' ')}${parsed.rest.length ? ` ${name}` : ''}\n`);
    }
    return status;
  },
  sort(m, argv, p) {
    const parsed = flags(argv.slice(1), 'run');
    const { texts, status } = inputs(m, 'sort', parsed.rest, p);
    let all = texts.filter((t) => t.text).flatMap((t) => lines(t.text));
    all.sort((x, y) => (parsed.on.has('n') ? Number.parseFloat(x) - Number.parseFloat(y) : x < y ? -1 : x > y ? 1 : 0));
    if (parsed.on.has('r')) all.reverse();
    if (parsed.on.has('u')) all = all.filter((l, i) => all.indexOf(l) === i);
    p.io.out(all.map((l) => `${l}\n`).join(''));
    return status;
  },
  which(m, argv, p) {
    let status = 0;
    for (const name of argv.slice(1).filter((a) => !a.startsWith('-'))) {
      const path = name.includes('/') ? normalizePath(name, p.sh.cwd) : m.which(name, p.sh.env.PATH ?? '', p.creds);
      if (path) p.io.out(`${path}\n`);
      else status = 1;
    }
    return status;
  },
  env(m, argv, p) {
    if (argv.length > 1) return m.exec(argv.slice(1), p);
    p.io.out(
      Object.entries(p.sh.env)
        .filter(([k]) => k !== '?')
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    return 0;
  },
  cp(m, argv, p) {
    const parsed = flags(argv.slice(1), 'pfr');
    if (parsed.rest.length !== 2) {
      p.io.err(
        parsed.rest.length < 2 ? 'cp: missing destination file operand\n' : 'cp: this lab copies one file at a time\n',
      );
      return 1;
    }
    const [from, to] = parsed.rest as [string, string];
    const problem = m.copyFile(normalizePath(from, p.sh.cwd), normalizePath(to, p.sh.cwd), p.creds);
    if (problem) {
      const which = problem === 'EACCES' || problem === 'ENOENT' ? from : to;
      p.io.err(
        problem === 'ENOSPC'
          ? `cp: error writing '${to}': No space left on device (this lab keeps at most ${OVERLAY_LIMITS.files} changed files)\n`
          : `cp: cannot ${which === from ? 'open' : 'create regular file'} '${which}': ${ERRNO[problem]}\n`,
      );
      return 1;
    }
    return 0;
  },
  chmod(m, argv, p) {
    const [spec, ...paths] = argv.slice(1).filter((a) => a !== '-v');
    const mode = spec ? parseMode(spec) : null;
    if (!spec || !mode || paths.length === 0) {
      p.io.err(spec && !mode ? `chmod: invalid mode: '${spec}'\n` : 'chmod: missing operand\n');
      return 1;
    }
    let status = 0;
    for (const path of paths) {
      const problem = m.chmod(normalizePath(path, p.sh.cwd), p.creds, mode);
      if (problem) {
        p.io.err(
          problem === 'ENOENT' || problem === 'EACCES'
            ? `chmod: cannot access '${path}': ${ERRNO[problem]}\n`
            : `chmod: changing permissions of '${path}': ${ERRNO[problem]}\n`,
        );
        status = 1;
      }
    }
    return status;
  },
  rm(m, argv, p) {
    const parsed = flags(argv.slice(1), 'frv');
    let status = 0;
    for (const path of parsed.rest) {
      const problem = m.remove(normalizePath(path, p.sh.cwd), p.creds);
      if (problem && !(problem === 'ENOENT' && parsed.on.has('f'))) {
        p.io.err(`rm: cannot remove '${path}': ${ERRNO[problem]}\n`);
        status = 1;
      }
    }
    return status;
  },
  touch(m, argv, p) {
    let status = 0;
    for (const path of argv.slice(1).filter((a) => !a.startsWith('-'))) {
      const abs = normalizePath(path, p.sh.cwd);
      if ('node' in m.lookup(abs, p.creds, true)) continue;
      const problem = m.writeFile(abs, p.creds, '', true);
      if (problem) {
        p.io.err(`touch: cannot touch '${path}': ${ERRNO[problem]}\n`);
        status = 1;
      }
    }
    return status;
  },
  date(m, _argv, p) {
    const d = toDate(m.system.now);
    const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
    p.io.out(
      `${day} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${m.system.now.slice(11)}:07 UTC ${d.getUTCFullYear()}\n`,
    );
    return 0;
  },
  ps(m, _argv, p) {
    p.io.out(m.system.processes);
    return 0;
  },
  getcap(m, argv, p) {
    const args = argv.slice(1);
    const recursive = args.includes('-r');
    for (const target of args.filter((a) => a !== '-r')) {
      const abs = normalizePath(target, p.sh.cwd);
      const report = (path: string, node: VNode) => {
        if (node.kind === 'file' && node.caps) p.io.out(`${path} ${node.caps}\n`);
      };
      if (recursive)
        walk('getcap', m, abs, target, p, report, (path) => p.io.err(`getcap: ${path}: Permission denied\n`));
      else {
        const found = m.lookup(abs, p.creds, true);
        if ('node' in found) report(target, found.node);
      }
    }
    return 0;
  },
  mount(m, argv, p) {
    if (argv.length === 1) {
      p.io.out(m.system.mounts);
      return 0;
    }
    p.io.err(p.creds.euid === 0 ? 'mount: this lab mounts nothing new\n' : 'mount: only root can do that\n');
    return 1;
  },
  su(_m, _argv, p) {
    p.io.err('su: must be run from a terminal\n');
    return 1;
  },
  passwd(m, _argv, p) {
    p.io.err(
      `Changing password for ${m.userName(p.creds.uid)}.\nCurrent password: passwd: Authentication token manipulation error\npasswd: password unchanged\n`,
    );
    return 10;
  },
  pkexec(_m, _argv, p) {
    p.io.err('Error executing command as another user: Not authorized\n\nThis incident has been reported.\n');
    return 127;
  },
  _suidStandard(_m, argv, p) {
    p.io.err(`${baseName(argv[0]!)}: Authentication failure\n`);
    return 1;
  },
  _offline(_m, argv, p) {
    p.io.err(`${baseName(argv[0]!)}: connect: Network is unreachable\n`);
    return 2;
  },
  _daemon(_m, argv, p) {
    p.io.err(`${baseName(argv[0]!)}: must be started by the system\n`);
    return 1;
  },
};

function headTail(m: Machine, argv: string[], p: Proc, tool: 'head' | 'tail'): number {
  let count = 10;
  const paths: string[] = [];
  const args = argv.slice(1);
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '-n') count = Number(args[(i += 1)] ?? 10);
    else if (/^-n?\d+$/.test(arg)) count = Number(arg.replace(/^-n?/, ''));
    else paths.push(arg);
  }
  const { texts, status } = inputs(m, tool, paths, p);
  for (const { name, text } of texts) {
    if (texts.length > 1) p.io.out(`==> ${name} <==\n`);
    const all = lines(text);
    const pick = tool === 'head' ? all.slice(0, count) : all.slice(Math.max(0, all.length - count));
    if (text) p.io.out(pick.map((l) => `${l}\n`).join(''));
  }
  return status;
}

/** Commands people reach for that this host does not emulate: said so, not just "not found". */
const UNAVAILABLE = new Set([
  'vi',
  'vim',
  'nano',
  'less',
  'more',
  'python',
  'python3',
  'perl',
  'curl',
  'wget',
  'nc',
  'ncat',
  'ssh',
  'mv',
  'mkdir',
  'ln',
  'chown',
  'tar',
  'crontab',
  'systemctl',
  'awk',
  'sed',
  'file',
  'stat',
  'linpeas.sh',
  'pspy',
  // Shell keywords this small shell does not parse.
  'for',
  'while',
  'if',
  'case',
  'function',
]);

// ---------------------------------------------------------------------------------------
// A command line, as the learner types it in the current interactive shell

export function prompt(system: LinuxSystem, frame: Frame, base: boolean): string {
  const root = frame.euid === 0;
  if (!base) return frame.shell === 'sh' ? (root ? '# ' : '$ ') : `bash-5.1${root ? '#' : '$'} `;
  const home = system.accounts.find((a) => a.uid === frame.uid)?.home ?? '/';
  const cwd =
    frame.cwd === home ? '~' : frame.cwd.startsWith(`${home}/`) ? `~${frame.cwd.slice(home.length)}` : frame.cwd;
  const name = system.accounts.find((a) => a.uid === frame.uid)?.name ?? String(frame.uid);
  return `${name}@${system.hostname}:${cwd}${root ? '#' : '$'} `;
}

function envFor(m: Machine, frame: Frame): Record<string, string> {
  const account = m.account(frame.uid);
  return {
    HOME: account?.home ?? '/',
    USER: account?.name ?? String(frame.uid),
    LOGNAME: account?.name ?? String(frame.uid),
    SHELL: frame.shell === 'sh' ? '/bin/sh' : '/bin/bash',
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    PWD: frame.cwd,
    '?': '0',
  };
}

export function runLine(system: LinuxSystem, session: Session, line: string, history: string[] = []): LineResult {
  const m = new Machine(system, session.overlay);
  m.history = [...history, line];
  const frames = session.frames.map((f) => ({ ...f }));
  const frame = frames[frames.length - 1]!;
  let output = '';
  let truncated = false;
  const write = (text: string) => {
    if (output.length + text.length > LIMITS.output) {
      output += text.slice(0, Math.max(0, LIMITS.output - output.length));
      truncated = true;
    } else output += text;
  };
  const result = { spawned: false, exited: false, cleared: false };
  const trimmed = line.trim();
  if (trimmed === 'clear') {
    result.cleared = true;
    return { output: '', session: { frames, overlay: m.overlay }, ...result };
  }
  const creds = { ...m.credsFor(frame.uid, frame.euid), gid: frame.gid };
  const p: Proc = {
    creds,
    sh: { cwd: frame.cwd, env: envFor(m, frame) },
    stdin: null,
    io: { out: write, err: write },
    depth: 0,
    shell: frame.shell,
  };
  try {
    m.runScript(line, p, true);
  } catch (signal) {
    if (signal instanceof SpawnSignal) {
      if (frames.length >= 4) write('(lab limit: four shells deep; type exit to leave one)\n');
      else {
        frames.push(signal.frame);
        result.spawned = true;
      }
    } else if (signal instanceof ExitSignal) {
      if (frames.length > 1) {
        frames.pop();
        result.exited = true;
        if (frame.shell === 'bash') write('exit\n');
      } else write('(this is your foothold shell: the lab keeps it open)\n');
    } else if (signal instanceof LimitSignal) {
      write(`${frame.shell === 'sh' ? 'sh: 1: ' : 'bash: '}${signal.message}\n`);
    } else throw signal;
  }
  frame.cwd = p.sh.cwd;
  if (truncated) output += `\n… (output cut at ${LIMITS.output} characters)\n`;
  return { output, session: { frames, overlay: m.overlay }, ...result };
}
