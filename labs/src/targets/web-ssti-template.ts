// An e-card site whose preview builds its template source from the learner's message, as
// the lesson's `render_template_string("…" + name + "…")` does. The template engine is the
// lab's own: a Jinja-style language (`{{ }}`, `{% if/for/set %}`, filters) evaluated over a
// simulated Python object graph (classes, `__class__`, `__mro__`, `__globals__`, Flask's
// `config`, `request`, `url_for`…). Learner input is parsed and evaluated by this file
// alone, never as JavaScript; `os.popen` runs the emulated shell, never a process.
import { esc, page, redirect, type LabTarget } from '../host/lab-kit';
import { dir, file, programs, readSystemFile, runShell, STANDARD_COMMANDS, type ShellOptions } from './emulated-shell';

// ---------------------------------------------------------------------------------------
// The simulated Python world

const OUTPUT_MAX = 10_000;

class PyClass {
  constructor(
    readonly name: string,
    readonly module: string,
    readonly bases: PyClass[],
    readonly members: Map<string, Py> = new Map(),
    /** What calling the class does (`dict(a=1)`, `range(3)`); absent: the lab does not simulate it. */
    readonly construct?: (args: Py[], kwargs: Map<string, Py>) => Py,
  ) {}

  get qualified(): string {
    return this.module === 'builtins' ? this.name : `${this.module}.${this.name}`;
  }

  mro(): PyClass[] {
    const order: PyClass[] = [this];
    for (const base of this.bases) for (const c of base.mro()) if (!order.includes(c)) order.push(c);
    // object always comes last
    const object = order.find((c) => c.name === 'object' && c.module === 'builtins');
    return object ? [...order.filter((c) => c !== object), object] : order;
  }
}

class PyList {
  constructor(
    readonly items: Py[],
    readonly tuple = false,
  ) {}
}

class PyDict {
  constructor(
    readonly entries: Map<string, Py>,
    readonly cls: PyClass = DICT,
    /** How repr wraps the plain dict repr, e.g. `<Config {…}>`, `environ({…})`. */
    readonly wrap?: (inner: string) => string,
  ) {}
}

class PyObject {
  readonly address: string;
  constructor(
    readonly cls: PyClass,
    readonly attrs: Map<string, Py> = new Map(),
    readonly reprText?: string | (() => string),
  ) {
    this.address = nextAddress();
  }
}

interface FunctionInfo {
  module: string;
  qualname?: string;
  /** A Python function's module namespace; builtins and slot wrappers have none. */
  globals?: PyDict;
  kind?: 'function' | 'builtin' | 'wrapper';
  self?: Py;
}

class PyFunction {
  readonly address: string;
  constructor(
    readonly name: string,
    readonly call: (args: Py[], kwargs: Map<string, Py>, self: Py | undefined) => Py,
    readonly info: FunctionInfo,
  ) {
    this.address = nextAddress();
  }

  bind(self: Py): PyFunction {
    return new PyFunction(this.name, this.call, { ...this.info, self });
  }
}

class Undefined {
  constructor(readonly hint: string) {}
}

class Slice {
  constructor(
    readonly start: Py,
    readonly stop: Py,
  ) {}
}

type Py = bigint | number | string | boolean | null | PyList | PyDict | PyObject | PyClass | PyFunction | Undefined;

class PyError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

let addressCounter = 0;
function nextAddress(): string {
  addressCounter = (addressCounter + 1) % 100_000;
  return `0x7f3a${(0x1c2b5e80 + addressCounter * 0x30).toString(16)}`;
}

const OBJECT = new PyClass('object', 'builtins', []);
const klass = (name: string, module = 'builtins', bases: PyClass[] = [OBJECT]) => new PyClass(name, module, bases);
const TYPE = klass('type');
const STR = new PyClass('str', 'builtins', [OBJECT], new Map(), (args) => (args.length ? str(args[0]!) : ''));
const INT = new PyClass('int', 'builtins', [OBJECT], new Map(), (args) => applyFilter('int', args[0] ?? 0n, []));
const BOOL = klass('bool', 'builtins', [INT]);
const FLOAT = klass('float');
const NONETYPE = klass('NoneType');
const LIST = new PyClass('list', 'builtins', [OBJECT], new Map(), (args) => new PyList([...iterate(args[0] ?? null)]));
const TUPLE = klass('tuple');
const DICT = new PyClass('dict', 'builtins', [OBJECT], new Map(), (args, kwargs) => {
  const entries = new Map(args[0] instanceof PyDict ? args[0].entries : []);
  for (const [k, v] of kwargs) entries.set(k, v);
  return new PyDict(entries);
});
const MAPPINGPROXY = klass('mappingproxy');
const FUNCTION = klass('function');
const BUILTIN = klass('builtin_function_or_method');
const METHOD = klass('method');
const WRAPPER = klass('wrapper_descriptor');
const MODULE = klass('module');
const UNDEFINED = klass('Undefined', 'jinja2.runtime');

/** The built-in classes `object.__subclasses__()` lists (a real interpreter lists hundreds). */
const BUILTIN_CLASSES: PyClass[] = [
  TYPE,
  STR,
  INT,
  FLOAT,
  NONETYPE,
  LIST,
  TUPLE,
  DICT,
  MAPPINGPROXY,
  FUNCTION,
  BUILTIN,
  METHOD,
  WRAPPER,
  MODULE,
];

/**
 * The render in progress: the app's classes (Flask's, Jinja's, os's, built per request) and
 * the work done so far. Rendering is synchronous, so one render sets it and resets it when done.
 */
let appClasses: PyClass[] = [];
let work = 0;
const WORK_MAX = 500_000;

/** Counts work (a step, or the items a result holds) and stops a template that does too much. */
function charge(units: number): void {
  work += units;
  if (work > WORK_MAX) throw new PyError('RuntimeError', 'lab limit: this template takes too many steps');
}

OBJECT.members.set('__init__', new PyFunction('__init__', () => null, { module: 'builtins', kind: 'wrapper' }));

// ---------------------------------------------------------------------------------------
// Python semantics: type, repr, str, truth, attributes, items

function classOf(value: Py): PyClass {
  if (typeof value === 'bigint') return INT;
  if (typeof value === 'number') return FLOAT;
  if (typeof value === 'string') return STR;
  if (typeof value === 'boolean') return BOOL;
  if (value === null) return NONETYPE;
  if (value instanceof PyList) return value.tuple ? TUPLE : LIST;
  if (value instanceof PyDict) return value.cls;
  if (value instanceof PyObject) return value.cls;
  if (value instanceof PyClass) return TYPE;
  if (value instanceof Undefined) return UNDEFINED;
  if (value.info.self !== undefined && value.info.kind === 'function') return METHOD;
  return value.info.kind === 'wrapper' ? WRAPPER : value.info.kind === 'builtin' ? BUILTIN : FUNCTION;
}

function typeName(value: Py): string {
  return classOf(value).name;
}

function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s
    .replaceAll('\\', '\\\\')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\t', '\\t')
    .replaceAll(quote, `\\${quote}`);
  return `${quote}${body}${quote}`;
}

function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const size = Math.abs(x);
  if (size !== 0 && (size >= 1e16 || size < 1e-4)) return x.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  return Number.isInteger(x) ? `${x}.0` : String(x);
}

const TOO_LONG = `lab limit: results longer than ${OUTPUT_MAX} characters are refused`;

/** Joins lazily made parts, refusing (MemoryError) once the result passes the lab's limit. */
function joinCapped(parts: (() => string)[], separator: string): string {
  let result = '';
  parts.forEach((part, index) => {
    const text = part();
    charge(1 + text.length);
    result += (index ? separator : '') + text;
    if (result.length > OUTPUT_MAX) throw new PyError('MemoryError', TOO_LONG);
  });
  return result;
}

function capped(text: string): string {
  if (text.length > OUTPUT_MAX) throw new PyError('MemoryError', TOO_LONG);
  return text;
}

/** `text.replace(old, new)` built piece by piece, so a huge result is refused before it exists. */
function replaceCapped(text: string, old: string, replacement: string): string {
  const pieces = old === '' ? ['', ...text, ''] : text.split(old);
  return joinCapped(
    pieces.map((piece) => () => piece),
    replacement,
  );
}

function repr(value: Py, seen: Set<unknown> = new Set()): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return floatRepr(value);
  if (typeof value === 'string') return strRepr(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null) return 'None';
  if (value instanceof Undefined) return 'Undefined';
  if (value instanceof PyClass) return `<class '${value.qualified}'>`;
  if (value instanceof PyFunction) {
    const { info } = value;
    if (info.kind === 'wrapper') return `<slot wrapper '${value.name}' of 'object' objects>`;
    if (info.self !== undefined) {
      const owner = info.qualname?.split('.')[0] ?? typeName(info.self);
      return info.kind === 'builtin'
        ? `<built-in method ${value.name} of ${typeName(info.self)} object at ${addressOf(info.self)}>`
        : `<bound method ${owner}.${value.name} of ${repr(info.self, seen)}>`;
    }
    return info.kind === 'builtin'
      ? `<built-in function ${value.name}>`
      : `<function ${info.qualname ?? value.name} at ${value.address}>`;
  }
  if (seen.has(value)) return value instanceof PyDict ? '{...}' : '[...]';
  seen.add(value);
  try {
    if (value instanceof PyList) {
      const inner = joinCapped(
        value.items.map((item) => () => repr(item, seen)),
        ', ',
      );
      if (!value.tuple) return `[${inner}]`;
      return value.items.length === 1 ? `(${inner},)` : `(${inner})`;
    }
    if (value instanceof PyDict) {
      const inner = joinCapped(
        [...value.entries].map(
          ([key, item]) =>
            () =>
              `${strRepr(key)}: ${repr(item, seen)}`,
        ),
        ', ',
      );
      return value.wrap ? value.wrap(`{${inner}}`) : `{${inner}}`;
    }
    const text = typeof value.reprText === 'function' ? value.reprText() : value.reprText;
    return text ?? `<${value.cls.qualified} object at ${value.address}>`;
  } finally {
    seen.delete(value);
  }
}

function addressOf(value: Py): string {
  return value instanceof PyObject || value instanceof PyFunction ? value.address : '0x7f3a1c2a0f30';
}

function str(value: Py): string {
  if (typeof value === 'string') return value;
  if (value instanceof Undefined) return '';
  return repr(value);
}

function truthy(value: Py): boolean {
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (typeof value === 'boolean') return value;
  if (value === null || value instanceof Undefined) return false;
  if (value instanceof PyList) return value.items.length > 0;
  if (value instanceof PyDict) return value.entries.size > 0;
  return true;
}

const NOT_FOUND = Symbol('not found');

/** Python's getattr: instance attributes, then the class's members along the MRO (bound). */
function pyGetattr(value: Py, name: string): Py | typeof NOT_FOUND {
  if (value instanceof Undefined) throw new PyError('jinja2.exceptions.UndefinedError', value.hint);
  if (name === '__class__') return classOf(value);
  if (value instanceof PyClass) {
    switch (name) {
      case '__name__':
      case '__qualname__':
        return value.name;
      case '__module__':
        return value.module;
      case '__mro__':
        return new PyList(value.mro(), true);
      case '__bases__':
        return new PyList(value.bases, true);
      case '__base__':
        return value.bases[0] ?? null;
      case '__dict__':
        return new PyDict(new Map(value.members), MAPPINGPROXY, (inner) => `mappingproxy(${inner})`);
      case '__subclasses__':
        return new PyFunction(
          '__subclasses__',
          () => new PyList([...BUILTIN_CLASSES, ...appClasses].filter((c) => c.bases.includes(value))),
          {
            module: 'builtins',
            kind: 'builtin',
            self: value,
          },
        );
    }
    for (const c of value.mro()) if (c.members.has(name)) return c.members.get(name)!;
    return NOT_FOUND;
  }
  if (value instanceof PyFunction) {
    if (name === '__name__') return value.name;
    if (name === '__qualname__') return value.info.qualname ?? value.name;
    if (name === '__module__') return value.info.module;
    if (name === '__self__' && value.info.self !== undefined) return value.info.self;
    if (name === '__globals__' && value.info.kind === 'function' && value.info.globals) return value.info.globals;
    return NOT_FOUND;
  }
  if (value instanceof PyObject) {
    if (value.attrs.has(name)) return value.attrs.get(name)!;
    if (name === '__dict__') return new PyDict(value.attrs);
  }
  for (const c of classOf(value).mro()) {
    const member = c.members.get(name);
    if (member === undefined) continue;
    return member instanceof PyFunction && member.info.kind !== 'wrapper' ? member.bind(value) : member;
  }
  return NOT_FOUND;
}

function toIndex(key: Py): number | null {
  if (typeof key === 'bigint') return Number(key);
  if (typeof key === 'boolean') return key ? 1 : 0;
  return null;
}

/** Python's `value[key]`. */
function pyGetitem(value: Py, key: Py | Slice): Py {
  if (value instanceof Undefined) throw new PyError('jinja2.exceptions.UndefinedError', value.hint);
  if (value instanceof PyDict) {
    if (typeof key === 'string' && value.entries.has(key)) return value.entries.get(key)!;
    throw new PyError('KeyError', key instanceof Slice ? 'slice' : repr(key));
  }
  if (value instanceof PyObject && value.cls === CONTEXT && typeof key === 'string') {
    const found = lookupContext(value, key);
    if (found !== NOT_FOUND) return found;
    throw new PyError('KeyError', repr(key));
  }
  if (typeof value === 'string' || value instanceof PyList) {
    const items = typeof value === 'string' ? [...value] : value.items;
    if (key instanceof Slice) {
      const bound = (k: Py, fallback: number) => {
        const n = k === null ? fallback : toIndex(k);
        if (n === null) throw new PyError('TypeError', 'slice indices must be integers or None');
        return n < 0 ? Math.max(0, items.length + n) : Math.min(n, items.length);
      };
      const part = items.slice(bound(key.start, 0), bound(key.stop, items.length));
      return typeof value === 'string' ? part.join('') : new PyList(part as Py[], value.tuple);
    }
    const index = toIndex(key);
    if (index === null) {
      throw new PyError(
        'TypeError',
        `${typeName(value)} indices must be integers or slices, not ${typeName(key as Py)}`,
      );
    }
    const item = items[index < 0 ? items.length + index : index];
    if (item === undefined) throw new PyError('IndexError', `${typeName(value)} index out of range`);
    return item;
  }
  throw new PyError('TypeError', `'${typeName(value)}' object is not subscriptable`);
}

function noAttribute(value: Py, name: string): Undefined {
  const shown = value instanceof PyObject && value.cls === MODULE ? `module` : `${classOf(value).qualified} object`;
  return new Undefined(`'${shown}' has no attribute '${name}'`);
}

/** Jinja's `a.b`: the attribute, else the item, else an Undefined that fails when used. */
function jinjaAttr(value: Py, name: string): Py {
  const found = pyGetattr(value, name);
  if (found !== NOT_FOUND) return found;
  try {
    return pyGetitem(value, name);
  } catch (error) {
    if (!(error instanceof PyError) || error.type.startsWith('jinja2')) throw error;
    return noAttribute(value, name);
  }
}

/** Jinja's `a[b]`: the item, else the attribute (for a string key), else an Undefined. */
function jinjaItem(value: Py, key: Py): Py {
  try {
    return pyGetitem(value, key);
  } catch (error) {
    if (!(error instanceof PyError) || error.type.startsWith('jinja2')) throw error;
    if (typeof key === 'string') {
      const found = pyGetattr(value, key);
      if (found !== NOT_FOUND) return found;
    }
    return noAttribute(value, str(key));
  }
}

function callValue(callee: Py, args: Py[], kwargs: Map<string, Py>): Py {
  if (callee instanceof Undefined) throw new PyError('jinja2.exceptions.UndefinedError', callee.hint);
  if (callee instanceof PyFunction) return callee.call(args, kwargs, callee.info.self);
  if (callee instanceof PyClass) {
    if (callee.construct) return callee.construct(args, kwargs);
    throw new PyError('TypeError', `cannot create '${callee.qualified}' instances (not simulated in this lab)`);
  }
  throw new PyError('TypeError', `'${typeName(callee)}' object is not callable`);
}

const ITERATION_MAX = 1000;

function iterate(value: Py): Py[] {
  if (value instanceof Undefined) return [];
  if (typeof value === 'string') {
    charge(value.length);
    return [...value];
  }
  if (value instanceof PyList) {
    charge(value.items.length);
    return value.items;
  }
  if (value instanceof PyDict) return [...value.entries.keys()];
  if (value instanceof PyObject && value.cls === RANGE) {
    const [start, stop, step] = ['start', 'stop', 'step'].map((k) => value.attrs.get(k) as bigint) as [
      bigint,
      bigint,
      bigint,
    ];
    const items: Py[] = [];
    for (let i = start; step > 0n ? i < stop : i > stop; i += step) {
      items.push(i);
      charge(1);
      if (items.length > ITERATION_MAX) throw new PyError('OverflowError', `lab limit: at most ${ITERATION_MAX} items`);
    }
    return items;
  }
  throw new PyError('TypeError', `'${typeName(value)}' object is not iterable`);
}

function builtin(
  name: string,
  call: (args: Py[], kwargs: Map<string, Py>, self: Py | undefined) => Py,
  module = 'builtins',
) {
  return new PyFunction(name, call, { module, kind: 'builtin' });
}

function pyFunction(name: string, module: string, globals: PyDict, call: PyFunction['call'], qualname?: string) {
  return new PyFunction(name, call, { module, globals, kind: 'function', ...(qualname ? { qualname } : {}) });
}

function argString(args: Py[], index: number, fn: string): string {
  const value = args[index];
  if (typeof value !== 'string') throw new PyError('TypeError', `${fn}() argument ${index + 1} must be str`);
  return value;
}

// Methods of the built-in types (a small, honest subset).
const strMethod = (name: string, fn: (s: string, args: Py[]) => Py) =>
  STR.members.set(
    name,
    builtin(name, (args, _kw, self) => {
      const result = fn(self as string, args);
      return typeof result === 'string' ? capped(result) : result;
    }),
  );
strMethod('upper', (s) => s.toUpperCase());
strMethod('lower', (s) => s.toLowerCase());
strMethod('title', (s) => s.replace(/\w\S*/g, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()));
strMethod('strip', (s) => s.trim());
strMethod(
  'split',
  (s, args) => new PyList((args[0] === undefined ? s.trim().split(/\s+/) : s.split(str(args[0]))) as Py[]),
);
strMethod('replace', (s, args) => replaceCapped(s, argString(args, 0, 'replace'), argString(args, 1, 'replace')));
strMethod('startswith', (s, args) => s.startsWith(argString(args, 0, 'startswith')));
strMethod('join', (s, args) =>
  joinCapped(
    iterate(args[0] ?? null).map((item) => () => str(item)),
    s,
  ),
);
const dictMethod = (name: string, fn: (d: PyDict, args: Py[]) => Py) =>
  DICT.members.set(
    name,
    builtin(name, (args, _kw, self) => fn(self as PyDict, args)),
  );
dictMethod('keys', (d) => new PyList([...d.entries.keys()]));
dictMethod('values', (d) => new PyList([...d.entries.values()]));
dictMethod('items', (d) => new PyList([...d.entries].map(([k, v]) => new PyList([k, v], true))));
dictMethod('get', (d, args) =>
  typeof args[0] === 'string' && d.entries.has(args[0]) ? d.entries.get(args[0])! : (args[1] ?? null),
);
for (const [name, method] of DICT.members) MAPPINGPROXY.members.set(name, method);
LIST.members.set(
  'index',
  builtin('index', (args, _kw, self) => {
    const at = (self as PyList).items.findIndex((item) => pyEquals(item, args[0] ?? null));
    if (at < 0) throw new PyError('ValueError', `${repr(args[0] ?? null)} is not in list`);
    return BigInt(at);
  }),
);

const RANGE: PyClass = new PyClass('range', 'builtins', [OBJECT], new Map(), (args): Py => {
  const ints = args.map((a) => {
    if (typeof a !== 'bigint')
      throw new PyError('TypeError', `'${typeName(a)}' object cannot be interpreted as an integer`);
    return a;
  });
  const [start, stop, step] = ints.length === 1 ? [0n, ints[0]!, 1n] : [ints[0] ?? 0n, ints[1] ?? 0n, ints[2] ?? 1n];
  if (step === 0n) throw new PyError('ValueError', 'range() arg 3 must not be zero');
  return new PyObject(
    RANGE,
    new Map<string, Py>([
      ['start', start],
      ['stop', stop],
      ['step', step],
    ]),
    step === 1n ? `range(${start}, ${stop})` : `range(${start}, ${stop}, ${step})`,
  );
});
BUILTIN_CLASSES.push(RANGE);

function pyEquals(a: Py, b: Py): boolean {
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== null && nb !== null)
    return typeof na === 'bigint' && typeof nb === 'bigint' ? na === nb : Number(na) === Number(nb);
  if (a instanceof PyList && b instanceof PyList) {
    charge(a.items.length);
    return (
      a.tuple === b.tuple && a.items.length === b.items.length && a.items.every((x, i) => pyEquals(x, b.items[i]!))
    );
  }
  return a === b;
}

// ---------------------------------------------------------------------------------------
// Arithmetic, as Python does it (ints are exact, `/` gives a float, strings repeat)

function numeric(value: Py): bigint | number | null {
  if (typeof value === 'bigint' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  return null;
}

const INT_BITS_MAX = 20_000;

function bitLength(n: bigint): number {
  return (n < 0n ? -n : n).toString(16).length * 4;
}

function tooLarge(): PyError {
  return new PyError('OverflowError', 'lab limit: that number is too large to print here');
}

function unsupported(op: string, a: Py, b: Py): PyError {
  return new PyError('TypeError', `unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

function repeat(sequence: string | PyList, times: bigint): Py {
  const n = times < 0n ? 0 : Number(times);
  const size = (typeof sequence === 'string' ? sequence.length : sequence.items.length) * n;
  if (size > OUTPUT_MAX)
    throw new PyError('MemoryError', `lab limit: results longer than ${OUTPUT_MAX} items or characters are refused`);
  charge(size);
  if (typeof sequence === 'string') return sequence.repeat(n);
  return new PyList(Array.from({ length: n }, () => sequence.items).flat(), sequence.tuple);
}

function arithmetic(op: string, a: Py, b: Py): Py {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null && y !== null) {
    if (typeof x === 'bigint' && typeof y === 'bigint') {
      switch (op) {
        case '+':
          return x + y;
        case '-':
          return x - y;
        case '*':
          if (bitLength(x) + bitLength(y) > INT_BITS_MAX) throw tooLarge();
          return x * y;
        case '/':
          if (y === 0n) throw new PyError('ZeroDivisionError', 'division by zero');
          return Number(x) / Number(y);
        case '//':
        case '%': {
          if (y === 0n)
            throw new PyError(
              'ZeroDivisionError',
              op === '//' ? 'integer division or modulo by zero' : 'integer modulo by zero',
            );
          let q = x / y;
          if (x % y !== 0n && x < 0n !== y < 0n) q -= 1n;
          return op === '//' ? q : x - q * y;
        }
        case '**': {
          if (y < 0n) return Number(x) ** Number(y);
          if (BigInt(bitLength(x)) * y > BigInt(INT_BITS_MAX)) throw tooLarge();
          return x ** y;
        }
      }
    }
    const fx = Number(x);
    const fy = Number(y);
    switch (op) {
      case '+':
        return fx + fy;
      case '-':
        return fx - fy;
      case '*':
        return fx * fy;
      case '/':
        if (fy === 0) throw new PyError('ZeroDivisionError', 'float division by zero');
        return fx / fy;
      case '//':
        if (fy === 0) throw new PyError('ZeroDivisionError', 'float floor division by zero');
        return Math.floor(fx / fy);
      case '%':
        if (fy === 0) throw new PyError('ZeroDivisionError', 'float modulo');
        return ((fx % fy) + fy) % fy;
      case '**':
        return fx ** fy;
    }
  }
  if (op === '+' && typeof a === 'string' && typeof b === 'string') {
    if (a.length + b.length > OUTPUT_MAX) throw new PyError('MemoryError', 'lab limit: string too long');
    charge(a.length + b.length);
    return a + b;
  }
  if (op === '+' && typeof a === 'string') {
    throw new PyError('TypeError', `can only concatenate str (not "${typeName(b)}") to str`);
  }
  if (op === '+' && a instanceof PyList && b instanceof PyList && a.tuple === b.tuple) {
    if (a.items.length + b.items.length > OUTPUT_MAX) throw new PyError('MemoryError', TOO_LONG);
    charge(a.items.length + b.items.length);
    return new PyList([...a.items, ...b.items], a.tuple);
  }
  if (op === '*') {
    if ((typeof a === 'string' || a instanceof PyList) && typeof y === 'bigint') return repeat(a, y);
    if ((typeof b === 'string' || b instanceof PyList) && typeof x === 'bigint') return repeat(b, x);
    if (typeof a === 'string' || typeof b === 'string') {
      throw new PyError(
        'TypeError',
        `can't multiply sequence by non-int of type '${typeName(typeof a === 'string' ? b : a)}'`,
      );
    }
  }
  throw unsupported(op, a, b);
}

function compare(op: string, a: Py, b: Py): boolean {
  if (op === '==') return pyEquals(a, b);
  if (op === '!=') return !pyEquals(a, b);
  if (op === 'in' || op === 'not in') {
    let found: boolean;
    if (typeof b === 'string') {
      if (typeof a !== 'string')
        throw new PyError('TypeError', `'in <string>' requires string as left operand, not ${typeName(a)}`);
      found = b.includes(a);
    } else if (b instanceof PyDict) found = typeof a === 'string' && b.entries.has(a);
    else found = iterate(b).some((item) => pyEquals(item, a));
    return op === 'in' ? found : !found;
  }
  const x = numeric(a);
  const y = numeric(b);
  let order: number;
  if (x !== null && y !== null) order = Number(x) < Number(y) ? -1 : Number(x) > Number(y) ? 1 : 0;
  else if (typeof a === 'string' && typeof b === 'string') order = a < b ? -1 : a > b ? 1 : 0;
  else
    throw new PyError('TypeError', `'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
  return op === '<' ? order < 0 : op === '>' ? order > 0 : op === '<=' ? order <= 0 : order >= 0;
}

// ---------------------------------------------------------------------------------------
// The template language: lexer

interface Token {
  type: 'name' | 'int' | 'float' | 'string' | 'op' | 'end';
  value: string;
}

class TemplateSyntaxError extends PyError {
  constructor(message: string) {
    super('jinja2.exceptions.TemplateSyntaxError', message);
  }
}

type Chunk = { kind: 'text'; text: string } | { kind: 'print' | 'block'; tokens: Token[] };

const OPERATORS = [
  '**',
  '//',
  '==',
  '!=',
  '<=',
  '>=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '~',
  '<',
  '>',
  '=',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  ':',
  '|',
];

function lex(source: string): Chunk[] {
  const chunks: Chunk[] = [];
  let pos = 0;
  let trimNext = false;
  while (pos < source.length) {
    const open = source.slice(pos).search(/\{[{%#]/);
    let text = open < 0 ? source.slice(pos) : source.slice(pos, pos + open);
    if (trimNext) text = text.replace(/^\s+/, '');
    trimNext = false;
    if (open < 0) {
      chunks.push({ kind: 'text', text });
      break;
    }
    const start = pos + open;
    const marker = source[start + 1]!;
    let inner = start + 2;
    if (source[inner] === '-') {
      text = text.replace(/\s+$/, '');
      inner++;
    }
    if (text) chunks.push({ kind: 'text', text });
    if (marker === '#') {
      const close = source.indexOf('#}', inner);
      if (close < 0) throw new TemplateSyntaxError('Missing end of comment tag');
      trimNext = source[close - 1] === '-';
      pos = close + 2;
      continue;
    }
    const closer = marker === '{' ? '}}' : '%}';
    const tokens: Token[] = [];
    let depth = 0;
    pos = inner;
    for (;;) {
      while (pos < source.length && /\s/.test(source[pos]!)) pos++;
      if (pos >= source.length) {
        throw new TemplateSyntaxError(
          `unexpected end of template, expected '${marker === '{' ? 'end of print statement' : 'end of statement block'}'.`,
        );
      }
      const rest = source.slice(pos);
      if (depth === 0 && (rest.startsWith(closer) || rest.startsWith(`-${closer}`))) {
        trimNext = rest.startsWith('-');
        pos += closer.length + (trimNext ? 1 : 0);
        break;
      }
      let match: RegExpExecArray | null;
      let length: number;
      if ((match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest))) {
        tokens.push({ type: 'name', value: match[0] });
        length = match[0].length;
      } else if ((match = /^(\d[\d_]*\.\d[\d_]*([eE][+-]?\d+)?|\d[\d_]*[eE][+-]?\d+)/.exec(rest))) {
        tokens.push({ type: 'float', value: match[0] });
        length = match[0].length;
      } else if ((match = /^\d[\d_]*/.exec(rest))) {
        tokens.push({ type: 'int', value: match[0] });
        length = match[0].length;
      } else if (rest[0] === "'" || rest[0] === '"') {
        const quote = rest[0];
        let value = '';
        let i = 1;
        for (; i < rest.length && rest[i] !== quote; i++) {
          if (rest[i] === '\\' && i + 1 < rest.length) {
            const c = rest[++i]!;
            value += c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : c;
          } else value += rest[i];
        }
        if (i >= rest.length) throw new TemplateSyntaxError(`unexpected char ${strRepr(quote)} at ${pos}`);
        tokens.push({ type: 'string', value });
        length = i + 1;
      } else {
        const op = OPERATORS.find((o) => rest.startsWith(o));
        if (!op) throw new TemplateSyntaxError(`unexpected char ${strRepr(rest[0]!)} at ${pos}`);
        if ('([{'.includes(op)) depth++;
        if (')]}'.includes(op)) depth = Math.max(0, depth - 1);
        tokens.push({ type: 'op', value: op });
        length = op.length;
      }
      pos += length;
    }
    tokens.push({ type: 'end', value: marker === '{' ? 'end of print statement' : 'end of statement block' });
    chunks.push({ kind: marker === '{' ? 'print' : 'block', tokens });
  }
  return chunks;
}

// ---------------------------------------------------------------------------------------
// The template language: parser

type Expr =
  | { k: 'const'; value: Py }
  | { k: 'name'; name: string }
  | { k: 'list'; items: Expr[]; tuple: boolean }
  | { k: 'dict'; entries: [Expr, Expr][] }
  | { k: 'attr'; obj: Expr; name: string }
  | { k: 'item'; obj: Expr; key: Expr }
  | { k: 'slice'; obj: Expr; start: Expr | null; stop: Expr | null }
  | { k: 'call'; fn: Expr; args: Expr[]; kwargs: [string, Expr][] }
  | { k: 'filter'; value: Expr; name: string; args: Expr[] }
  | { k: 'test'; value: Expr; name: string; negate: boolean }
  | { k: 'unary'; op: string; value: Expr }
  | { k: 'binary'; op: string; left: Expr; right: Expr }
  | { k: 'compare'; op: string; left: Expr; right: Expr }
  | { k: 'cond'; test: Expr; then: Expr; otherwise: Expr | null };

type Node =
  | { k: 'text'; text: string }
  | { k: 'print'; expr: Expr }
  | { k: 'if'; branches: { test: Expr; body: Node[] }[]; otherwise: Node[] }
  | { k: 'for'; targets: string[]; iter: Expr; body: Node[]; otherwise: Node[] }
  | { k: 'set'; name: string; expr: Expr };

const PARSE_DEPTH_MAX = 60;

class ExprParser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private get token(): Token {
    return this.tokens[this.i]!;
  }

  private describe(token: Token): string {
    return token.type === 'end'
      ? token.value
      : token.type === 'name'
        ? `name ${strRepr(token.value)}`
        : `'${token.value}'`;
  }

  fail(expected?: string): never {
    throw new TemplateSyntaxError(
      expected ? `expected ${expected}, got ${this.describe(this.token)}` : `unexpected ${this.describe(this.token)}`,
    );
  }

  isOp(value: string): boolean {
    return this.token.type === 'op' && this.token.value === value;
  }

  isName(value: string): boolean {
    return this.token.type === 'name' && this.token.value === value;
  }

  expectOp(value: string): void {
    if (!this.isOp(value)) this.fail(`token '${value}'`);
    this.i++;
  }

  name(): string {
    if (this.token.type !== 'name') this.fail('token name');
    return this.tokens[this.i++]!.value;
  }

  atEnd(): boolean {
    return this.token.type === 'end';
  }

  expectEnd(): void {
    if (!this.atEnd()) this.fail(`token '${this.tokens.at(-1)!.value}'`);
  }

  expression(): Expr {
    if (++this.depth > PARSE_DEPTH_MAX) throw new TemplateSyntaxError('lab limit: expression nested too deeply');
    try {
      const value = this.or();
      if (this.isName('if')) {
        this.i++;
        const test = this.or();
        let otherwise: Expr | null = null;
        if (this.isName('else')) {
          this.i++;
          otherwise = this.expression();
        }
        return { k: 'cond', test, then: value, otherwise };
      }
      return value;
    } finally {
      this.depth--;
    }
  }

  private or(): Expr {
    let left = this.and();
    while (this.isName('or')) {
      this.i++;
      left = { k: 'binary', op: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): Expr {
    let left = this.not();
    while (this.isName('and')) {
      this.i++;
      left = { k: 'binary', op: 'and', left, right: this.not() };
    }
    return left;
  }

  private not(): Expr {
    if (this.isName('not')) {
      this.i++;
      return { k: 'unary', op: 'not', value: this.not() };
    }
    return this.compare();
  }

  private compare(): Expr {
    let left = this.concat();
    for (;;) {
      let op: string | null = null;
      if (this.token.type === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(this.token.value))
        op = this.token.value;
      else if (this.isName('in')) op = 'in';
      else if (this.isName('not') && this.tokens[this.i + 1]?.value === 'in') {
        op = 'not in';
        this.i++;
      }
      if (!op) return left;
      this.i++;
      left = { k: 'compare', op, left, right: this.concat() };
    }
  }

  private concat(): Expr {
    let left = this.math1();
    while (this.isOp('~')) {
      this.i++;
      left = { k: 'binary', op: '~', left, right: this.math1() };
    }
    return left;
  }

  private math1(): Expr {
    let left = this.math2();
    while (this.isOp('+') || this.isOp('-')) {
      const op = this.tokens[this.i++]!.value;
      left = { k: 'binary', op, left, right: this.math2() };
    }
    return left;
  }

  private math2(): Expr {
    let left = this.pow();
    while (['*', '/', '//', '%'].some((op) => this.isOp(op))) {
      const op = this.tokens[this.i++]!.value;
      left = { k: 'binary', op, left, right: this.pow() };
    }
    return left;
  }

  private pow(): Expr {
    let left = this.unary();
    while (this.isOp('**')) {
      this.i++;
      left = { k: 'binary', op: '**', left, right: this.unary() };
    }
    return left;
  }

  private unary(): Expr {
    if (this.isOp('-') || this.isOp('+')) {
      const op = this.tokens[this.i++]!.value;
      if (++this.depth > PARSE_DEPTH_MAX) throw new TemplateSyntaxError('lab limit: expression nested too deeply');
      const value = this.unary();
      this.depth--;
      return { k: 'unary', op, value };
    }
    return this.filtersAndTests(this.postfix(this.primary()));
  }

  private primary(): Expr {
    const token = this.token;
    if (token.type === 'name') {
      this.i++;
      if (['true', 'True'].includes(token.value)) return { k: 'const', value: true };
      if (['false', 'False'].includes(token.value)) return { k: 'const', value: false };
      if (['none', 'None'].includes(token.value)) return { k: 'const', value: null };
      return { k: 'name', name: token.value };
    }
    if (token.type === 'string') {
      let value = '';
      while (this.token.type === 'string') value += this.tokens[this.i++]!.value;
      return { k: 'const', value };
    }
    if (token.type === 'int') {
      this.i++;
      return { k: 'const', value: BigInt(token.value.replaceAll('_', '')) };
    }
    if (token.type === 'float') {
      this.i++;
      return { k: 'const', value: Number(token.value.replaceAll('_', '')) };
    }
    if (this.isOp('(')) {
      this.i++;
      if (this.isOp(')')) {
        this.i++;
        return { k: 'list', items: [], tuple: true };
      }
      const first = this.expression();
      if (this.isOp(')')) {
        this.i++;
        return first;
      }
      const items = [first];
      while (this.isOp(',')) {
        this.i++;
        if (this.isOp(')')) break;
        items.push(this.expression());
      }
      this.expectOp(')');
      return { k: 'list', items, tuple: true };
    }
    if (this.isOp('[')) {
      this.i++;
      const items: Expr[] = [];
      while (!this.isOp(']')) {
        items.push(this.expression());
        if (!this.isOp(',')) break;
        this.i++;
      }
      this.expectOp(']');
      return { k: 'list', items, tuple: false };
    }
    if (this.isOp('{')) {
      this.i++;
      const entries: [Expr, Expr][] = [];
      while (!this.isOp('}')) {
        const key = this.expression();
        this.expectOp(':');
        entries.push([key, this.expression()]);
        if (!this.isOp(',')) break;
        this.i++;
      }
      this.expectOp('}');
      return { k: 'dict', entries };
    }
    return this.fail('an expression');
  }

  private postfix(expr: Expr): Expr {
    for (;;) {
      if (this.isOp('.')) {
        this.i++;
        if (this.token.type === 'int')
          expr = { k: 'item', obj: expr, key: { k: 'const', value: BigInt(this.tokens[this.i++]!.value) } };
        else expr = { k: 'attr', obj: expr, name: this.name() };
      } else if (this.isOp('[')) {
        this.i++;
        let start: Expr | null = null;
        if (!this.isOp(':')) start = this.expression();
        if (this.isOp(':')) {
          this.i++;
          const stop = this.isOp(']') ? null : this.expression();
          this.expectOp(']');
          expr = { k: 'slice', obj: expr, start, stop };
        } else {
          this.expectOp(']');
          expr = { k: 'item', obj: expr, key: start! };
        }
      } else if (this.isOp('(')) {
        this.i++;
        const { args, kwargs } = this.callArgs();
        expr = { k: 'call', fn: expr, args, kwargs };
      } else return expr;
    }
  }

  private callArgs(): { args: Expr[]; kwargs: [string, Expr][] } {
    const args: Expr[] = [];
    const kwargs: [string, Expr][] = [];
    while (!this.isOp(')')) {
      if (
        this.token.type === 'name' &&
        this.tokens[this.i + 1]?.value === '=' &&
        this.tokens[this.i + 1]?.type === 'op'
      ) {
        const name = this.name();
        this.i++;
        kwargs.push([name, this.expression()]);
      } else args.push(this.expression());
      if (!this.isOp(',')) break;
      this.i++;
    }
    this.expectOp(')');
    return { args, kwargs };
  }

  private filtersAndTests(expr: Expr): Expr {
    for (;;) {
      if (this.isOp('|')) {
        this.i++;
        const name = this.name();
        let args: Expr[] = [];
        if (this.isOp('(')) {
          this.i++;
          args = this.callArgs().args;
        }
        expr = { k: 'filter', value: expr, name, args };
      } else if (this.isName('is')) {
        this.i++;
        const negate = this.isName('not');
        if (negate) this.i++;
        expr = { k: 'test', value: expr, name: this.name(), negate };
      } else return expr;
    }
  }
}

function parseTemplate(chunks: Chunk[]): Node[] {
  let index = 0;
  const block = (chunk: Chunk) => (chunk.kind === 'block' ? chunk.tokens[0] : undefined);

  const parseBody = (
    ends: string[],
    innermost: string | null,
  ): { nodes: Node[]; end: string | null; parser?: ExprParser } => {
    const nodes: Node[] = [];
    while (index < chunks.length) {
      const chunk = chunks[index++]!;
      if (chunk.kind === 'text') {
        nodes.push({ k: 'text', text: chunk.text });
        continue;
      }
      const parser = new ExprParser(chunk.tokens);
      if (chunk.kind === 'print') {
        const expr = parser.expression();
        parser.expectEnd();
        nodes.push({ k: 'print', expr });
        continue;
      }
      const tag = block(chunk);
      if (!tag || tag.type !== 'name') return parser.fail('statement name') as never;
      parser.name();
      if (ends.includes(tag.value)) return { nodes, end: tag.value, parser };
      switch (tag.value) {
        case 'if': {
          const branches: { test: Expr; body: Node[] }[] = [];
          let test = parser.expression();
          parser.expectEnd();
          let otherwise: Node[] = [];
          for (;;) {
            const part = parseBody(['elif', 'else', 'endif'], 'if');
            branches.push({ test, body: part.nodes });
            if (part.end === 'elif') {
              test = part.parser!.expression();
              part.parser!.expectEnd();
              continue;
            }
            if (part.end === 'else') {
              part.parser!.expectEnd();
              otherwise = parseBody(['endif'], 'if').nodes;
            }
            break;
          }
          nodes.push({ k: 'if', branches, otherwise });
          break;
        }
        case 'for': {
          const targets = [parser.name()];
          while (parser.isOp(',')) {
            parser.expectOp(',');
            targets.push(parser.name());
          }
          if (!parser.isName('in')) parser.fail("'in'");
          parser.name();
          const iter = parser.expression();
          parser.expectEnd();
          const body = parseBody(['else', 'endfor'], 'for');
          let otherwise: Node[] = [];
          if (body.end === 'else') otherwise = parseBody(['endfor'], 'for').nodes;
          nodes.push({ k: 'for', targets, iter, body: body.nodes, otherwise });
          break;
        }
        case 'set': {
          const name = parser.name();
          parser.expectOp('=');
          const expr = parser.expression();
          parser.expectEnd();
          nodes.push({ k: 'set', name, expr });
          break;
        }
        default:
          if (['endif', 'endfor', 'elif', 'else'].includes(tag.value)) {
            throw new TemplateSyntaxError(
              `Encountered unknown tag '${tag.value}'.${innermost ? ` The innermost block that needs to be closed is '${innermost}'.` : ''}`,
            );
          }
          throw new TemplateSyntaxError(`Encountered unknown tag '${tag.value}'.`);
      }
    }
    if (ends.length) {
      throw new TemplateSyntaxError(
        `Unexpected end of template. Jinja was looking for the following tags: ${ends.map((e) => `'${e}'`).join(' or ')}. The innermost block that needs to be closed is '${innermost}'.`,
      );
    }
    return { nodes, end: null };
  };
  return parseBody([], null).nodes;
}

// ---------------------------------------------------------------------------------------
// The template language: evaluation

class Renderer {
  private output = '';
  private readonly scopes: Map<string, Py>[] = [new Map()];

  constructor(
    private readonly context: PyObject,
    private readonly self: PyObject,
  ) {}

  render(nodes: Node[]): string {
    this.run(nodes);
    return this.output;
  }

  private emit(text: string): void {
    charge(text.length);
    this.output += text;
    if (this.output.length > OUTPUT_MAX) {
      throw new PyError('MemoryError', `lab limit: a card may be at most ${OUTPUT_MAX} characters`);
    }
  }

  private run(nodes: Node[]): void {
    for (const node of nodes) {
      this.tick();
      switch (node.k) {
        case 'text':
          this.emit(node.text);
          break;
        case 'print':
          this.emit(str(this.eval(node.expr)));
          break;
        case 'set':
          this.scopes.at(-1)!.set(node.name, this.eval(node.expr));
          break;
        case 'if': {
          const branch = node.branches.find((b) => truthy(this.eval(b.test)));
          this.run(branch ? branch.body : node.otherwise);
          break;
        }
        case 'for': {
          const items = iterate(this.eval(node.iter));
          if (items.length === 0) this.run(node.otherwise);
          const scope = new Map<string, Py>();
          this.scopes.push(scope);
          try {
            items.forEach((item, index) => {
              const values = node.targets.length > 1 ? iterate(item) : [item];
              if (values.length !== node.targets.length) {
                throw new PyError(
                  'ValueError',
                  `not enough values to unpack (expected ${node.targets.length}, got ${values.length})`,
                );
              }
              node.targets.forEach((name, i) => scope.set(name, values[i]!));
              scope.set(
                'loop',
                new PyObject(
                  LOOP,
                  new Map<string, Py>([
                    ['index', BigInt(index + 1)],
                    ['index0', BigInt(index)],
                    ['first', index === 0],
                    ['last', index === items.length - 1],
                    ['length', BigInt(items.length)],
                  ]),
                ),
              );
              this.run(node.body);
            });
          } finally {
            this.scopes.pop();
          }
          break;
        }
      }
    }
  }

  private tick(): void {
    charge(1);
  }

  private lookup(name: string): Py {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i]!;
      if (scope.has(name)) return scope.get(name)!;
    }
    if (name === 'self') return this.self;
    const found = lookupContext(this.context, name);
    return found === NOT_FOUND ? new Undefined(`'${name}' is undefined`) : found;
  }

  eval(expr: Expr): Py {
    this.tick();
    switch (expr.k) {
      case 'const':
        return expr.value;
      case 'name':
        return this.lookup(expr.name);
      case 'list':
        return new PyList(
          expr.items.map((item) => this.eval(item)),
          expr.tuple,
        );
      case 'dict':
        return new PyDict(new Map(expr.entries.map(([k, v]) => [str(this.eval(k)), this.eval(v)])));
      case 'attr':
        return jinjaAttr(this.eval(expr.obj), expr.name);
      case 'item':
        return jinjaItem(this.eval(expr.obj), this.eval(expr.key));
      case 'slice':
        return pyGetitem(
          this.eval(expr.obj),
          new Slice(expr.start ? this.eval(expr.start) : null, expr.stop ? this.eval(expr.stop) : null),
        );
      case 'call':
        return callValue(
          this.eval(expr.fn),
          expr.args.map((a) => this.eval(a)),
          new Map(expr.kwargs.map(([k, v]) => [k, this.eval(v)])),
        );
      case 'filter':
        return applyFilter(
          expr.name,
          this.eval(expr.value),
          expr.args.map((a) => this.eval(a)),
        );
      case 'test':
        return applyTest(expr.name, this.eval(expr.value)) !== expr.negate;
      case 'unary': {
        const value = this.eval(expr.value);
        if (expr.op === 'not') return !truthy(value);
        if (value instanceof Undefined) throw new PyError('jinja2.exceptions.UndefinedError', value.hint);
        const n = numeric(value);
        if (n === null) throw new PyError('TypeError', `bad operand type for unary ${expr.op}: '${typeName(value)}'`);
        return expr.op === '-' ? -n : n;
      }
      case 'binary': {
        const left = this.eval(expr.left);
        if (expr.op === 'and') return truthy(left) ? this.eval(expr.right) : left;
        if (expr.op === 'or') return truthy(left) ? left : this.eval(expr.right);
        const right = this.eval(expr.right);
        if (expr.op === '~') {
          const joined = str(left) + str(right);
          charge(joined.length);
          if (joined.length > OUTPUT_MAX) throw new PyError('MemoryError', 'lab limit: string too long');
          return joined;
        }
        for (const side of [left, right]) {
          if (side instanceof Undefined) throw new PyError('jinja2.exceptions.UndefinedError', side.hint);
        }
        return arithmetic(expr.op, left, right);
      }
      case 'compare':
        return compare(expr.op, this.eval(expr.left), this.eval(expr.right));
      case 'cond':
        return truthy(this.eval(expr.test))
          ? this.eval(expr.then)
          : expr.otherwise
            ? this.eval(expr.otherwise)
            : new Undefined('the inline if-expression evaluated to false and no else section was defined.');
    }
  }
}

const LOOP = klass('LoopContext', 'jinja2.runtime');

function applyFilter(name: string, value: Py, args: Py[]): Py {
  const text = () => str(value);
  switch (name) {
    case 'upper':
      return text().toUpperCase();
    case 'lower':
      return text().toLowerCase();
    case 'title':
      return text().replace(/\w\S*/g, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());
    case 'capitalize':
      return text().charAt(0).toUpperCase() + text().slice(1).toLowerCase();
    case 'trim':
      return text().trim();
    case 'e':
    case 'escape':
    case 'safe':
    case 'string':
      return text();
    case 'length':
    case 'count':
      return BigInt(value instanceof PyDict ? value.entries.size : iterate(value).length);
    case 'list':
      return new PyList(iterate(value));
    case 'first':
      return iterate(value)[0] ?? new Undefined('No first item, sequence was empty.');
    case 'last':
      return iterate(value).at(-1) ?? new Undefined('No last item, sequence was empty.');
    case 'reverse':
      return typeof value === 'string' ? [...value].reverse().join('') : new PyList([...iterate(value)].reverse());
    case 'join':
      return joinCapped(
        iterate(value).map((item) => () => str(item)),
        args[0] === undefined ? '' : str(args[0]),
      );
    case 'replace':
      return replaceCapped(text(), str(args[0] ?? ''), str(args[1] ?? ''));
    case 'default':
    case 'd':
      return value instanceof Undefined ? (args[0] ?? '') : value;
    case 'int': {
      const n = numeric(value);
      if (n !== null) return typeof n === 'bigint' ? n : BigInt(Math.trunc(n));
      return /^\s*[+-]?\d+\s*$/.test(text()) ? BigInt(text().trim()) : 0n;
    }
    case 'abs': {
      const n = numeric(value);
      if (n === null) throw new PyError('TypeError', `bad operand type for abs(): '${typeName(value)}'`);
      return n < 0 ? -n : n;
    }
    case 'items':
      if (!(value instanceof PyDict)) throw new PyError('TypeError', `Can only get item pairs from a mapping.`);
      return new PyList([...value.entries].map(([k, v]) => new PyList([k, v], true)));
    case 'attr': {
      // Jinja's attr filter: getattr only, never the item.
      const found = pyGetattr(value, str(args[0] ?? ''));
      return found === NOT_FOUND ? noAttribute(value, str(args[0] ?? '')) : found;
    }
    default:
      throw new PyError('jinja2.exceptions.TemplateAssertionError', `No filter named '${name}'.`);
  }
}

function applyTest(name: string, value: Py): boolean {
  switch (name) {
    case 'defined':
      return !(value instanceof Undefined);
    case 'undefined':
      return value instanceof Undefined;
    case 'none':
      return value === null;
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'bigint' || typeof value === 'number';
    case 'mapping':
      return value instanceof PyDict;
    case 'callable':
      return value instanceof PyFunction || value instanceof PyClass;
    default:
      throw new PyError('jinja2.exceptions.TemplateAssertionError', `No test named '${name}'.`);
  }
}

// ---------------------------------------------------------------------------------------
// The server: Flask app "rangoli", its config, and what a template can reach

const CONTEXT = klass('Context', 'jinja2.runtime');

function lookupContext(context: PyObject, name: string): Py | typeof NOT_FOUND {
  for (const key of ['vars', 'parent']) {
    const scope = context.attrs.get(key) as PyDict;
    if (scope.entries.has(name)) return scope.entries.get(name)!;
  }
  return NOT_FOUND;
}

const APP_DIR = '/srv/rangoli';

function serverSystem(secretKey: string): ShellOptions {
  const bin = () => dir(programs(STANDARD_COMMANDS));
  return {
    hostname: 'cards-web-2',
    user: { name: 'rangoli', uid: 999, gid: 999, home: APP_DIR },
    cwd: APP_DIR,
    ip: '10.40.1.12',
    env: { RANGOLI_SECRET_KEY: secretKey, FLASK_APP: 'app:app', GUNICORN_CMD_ARGS: '--workers 3' },
    tree: dir({
      bin: bin(),
      etc: dir({
        hostname: file('cards-web-2\n'),
        passwd: file(
          'root:x:0:0:root:/root:/bin/bash\nrangoli:x:999:999:Rangoli Cards app:/srv/rangoli:/usr/sbin/nologin\nanjali:x:1000:1000:Anjali Rao:/home/anjali:/bin/bash\n',
        ),
        group: file('root:x:0:\nrangoli:x:999:\nanjali:x:1000:\n'),
        shadow: file('', { locked: true }),
      }),
      home: dir({ anjali: dir({}, { owner: 'anjali', locked: true }) }),
      root: dir({}, { locked: true }),
      srv: dir({
        rangoli: dir(
          {
            'app.py': file(APP_SOURCE, { owner: 'rangoli' }),
            '.env': file(`RANGOLI_SECRET_KEY=${secretKey}\nMAIL_SERVER=smtp.rangoli.internal\n`, {
              owner: 'rangoli',
            }),
            templates: dir({ 'base.html': file('<!doctype html>\n{% block body %}{% endblock %}\n') }),
          },
          { owner: 'rangoli' },
        ),
      }),
      tmp: dir({}, { writable: true }),
      usr: dir({ bin: bin() }),
    }),
    limits: { commands: 20, output: OUTPUT_MAX },
  };
}

const APP_SOURCE = `import os
from flask import Flask, request, render_template_string

app = Flask("rangoli")
app.config["SECRET_KEY"] = os.environ["RANGOLI_SECRET_KEY"]

@app.post("/preview")
def preview():
    to = request.form.get("to", "")
    message = request.form.get("message", "")
    card = "Dear {{ to }},\\n\\n" + message + "\\n\\nShubh Deepavali!"
    return render_template_string(card, to=to)
`;

const POPEN_MAX = 5;

/** Everything a template of this app can reach, built per request (the key is the instance's). */
function templateWorld(secretKey: string, form: { to: string; message: string }) {
  const system = serverSystem(secretKey);
  let shellRuns = 0;
  const shell = (command: string) => {
    if (++shellRuns > POPEN_MAX) throw new PyError('OSError', `lab limit: at most ${POPEN_MAX} commands per card`);
    return runShell(command, serverSystem(secretKey));
  };

  const WRAP_CLOSE = klass('_wrap_close', 'os');
  const osGlobals = new PyDict(new Map());
  const os = new PyObject(MODULE, osGlobals.entries, "<module 'os' (frozen)>");
  const environ = new PyDict(
    new Map(Object.entries({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: APP_DIR, ...system.env })),
    klass('_Environ', 'os'),
    (inner) => `environ(${inner})`,
  );
  const popen = pyFunction('popen', 'os', osGlobals, (args) => {
    const out = shell(argString(args, 0, 'popen')).stdout;
    const handle = new PyObject(WRAP_CLOSE, new Map(), `<os._wrap_close object at ${nextAddress()}>`);
    handle.attrs.set(
      'read',
      builtin('read', () => out),
    );
    return handle;
  });
  WRAP_CLOSE.members.set(
    '__init__',
    pyFunction('__init__', 'os', osGlobals, () => null, '_wrap_close.__init__'),
  );
  for (const [key, value] of Object.entries({
    __name__: 'os',
    name: 'posix',
    sep: '/',
    environ,
    popen,
    system: pyFunction('system', 'os', osGlobals, (args) => BigInt(shell(argString(args, 0, 'system')).status * 256)),
    getcwd: builtin('getcwd', () => APP_DIR, 'posix'),
    getenv: pyFunction(
      'getenv',
      'os',
      osGlobals,
      (args) => environ.entries.get(argString(args, 0, 'getenv')) ?? args[1] ?? null,
    ),
    _wrap_close: WRAP_CLOSE,
  } satisfies Record<string, Py>)) {
    osGlobals.entries.set(key, value);
  }

  const FILE = klass('TextIOWrapper', '_io');
  const builtins = new PyDict(new Map());
  builtins.entries.set('__name__', 'builtins');
  builtins.entries.set(
    '__import__',
    builtin('__import__', (args) => {
      const name = argString(args, 0, '__import__');
      if (name === 'os') return os;
      throw new PyError('ModuleNotFoundError', `this lab simulates the os module only, not ${strRepr(name)}`);
    }),
  );
  builtins.entries.set(
    'open',
    builtin('open', (args) => {
      const path = argString(args, 0, 'open');
      const read = readSystemFile(path, system);
      if ('error' in read) {
        const type =
          read.error === 'Permission denied'
            ? 'PermissionError'
            : read.error === 'Is a directory'
              ? 'IsADirectoryError'
              : 'FileNotFoundError';
        throw new PyError(type, `[Errno] ${read.error}: ${strRepr(path)}`);
      }
      const handle = new PyObject(
        FILE,
        new Map(),
        `<_io.TextIOWrapper name=${strRepr(path)} mode='r' encoding='UTF-8'>`,
      );
      handle.attrs.set(
        'read',
        builtin('read', () => read.content),
      );
      return handle;
    }),
  );
  builtins.entries.set(
    'len',
    builtin('len', (args) => BigInt(applyFilter('length', args[0] ?? null, []) as bigint)),
  );
  builtins.entries.set('str', STR);
  builtins.entries.set('dict', DICT);
  builtins.entries.set('range', RANGE);
  osGlobals.entries.set('__builtins__', builtins);

  // Module namespaces that functions reachable from a template carry as __globals__.
  const moduleGlobals = (name: string, extra: Record<string, Py>) => {
    const globals = new PyDict(new Map<string, Py>([['__name__', name]]));
    for (const [k, v] of Object.entries(extra)) globals.entries.set(k, v);
    globals.entries.set('__builtins__', builtins);
    return globals;
  };

  const CONFIG = new PyClass('Config', 'flask.config', [DICT]);
  const config = new PyDict(
    new Map<string, Py>([
      ['DEBUG', false],
      ['TESTING', false],
      ['SECRET_KEY', secretKey],
      ['SESSION_COOKIE_NAME', 'session'],
      ['SESSION_COOKIE_HTTPONLY', true],
      ['MAX_CONTENT_LENGTH', 1_048_576n],
      ['MAIL_SERVER', 'smtp.rangoli.internal'],
      ['MAIL_DEFAULT_SENDER', 'wishes@rangoli.example'],
      ['CARDS_PER_DAY', 50n],
    ]),
    CONFIG,
    (inner) => `<Config ${inner}>`,
  );
  const configGlobals = moduleGlobals('flask.config', {
    os,
    errno: new PyObject(MODULE, new Map(), "<module 'errno' (built-in)>"),
  });
  CONFIG.members.set(
    '__init__',
    pyFunction('__init__', 'flask.config', configGlobals, () => null, 'Config.__init__'),
  );
  configGlobals.entries.set('Config', CONFIG);

  const FLASK = klass('Flask', 'flask.app');
  const app = new PyObject(
    FLASK,
    new Map<string, Py>([
      ['name', 'rangoli'],
      ['import_name', 'rangoli'],
      ['config', config],
      ['secret_key', secretKey],
      ['debug', false],
      ['root_path', APP_DIR],
    ]),
    "<Flask 'rangoli'>",
  );
  const appGlobals = moduleGlobals('flask.app', {
    os,
    sys: new PyObject(MODULE, new Map(), "<module 'sys' (built-in)>"),
    Flask: FLASK,
  });
  FLASK.members.set(
    'url_for',
    pyFunction(
      'url_for',
      'flask.app',
      appGlobals,
      (args) => {
        const endpoint = argString(args, 0, 'url_for');
        if (endpoint === 'preview') return '/preview';
        if (endpoint === 'static') return '/static/';
        throw new PyError(
          'werkzeug.routing.exceptions.BuildError',
          `Could not build url for endpoint ${strRepr(endpoint)}.`,
        );
      },
      'Flask.url_for',
    ),
  );
  const helpersGlobals = moduleGlobals('flask.helpers', { os, current_app: app });
  const utilsGlobals = moduleGlobals('jinja2.utils', { os, json: new PyObject(MODULE, new Map(), "<module 'json'>") });
  const jinjaClass = (name: string, construct: PyClass['construct']) => {
    const c = new PyClass(name, 'jinja2.utils', [OBJECT], new Map(), construct);
    c.members.set(
      '__init__',
      pyFunction('__init__', 'jinja2.utils', utilsGlobals, () => null, `${name}.__init__`),
    );
    utilsGlobals.entries.set(name, c);
    return c;
  };
  const CYCLER = jinjaClass('Cycler', (args) => new PyObject(CYCLER, new Map([['items', new PyList(args, true)]])));
  const JOINER = jinjaClass('Joiner', (args) => new PyObject(JOINER, new Map([['sep', args[0] ?? ', ']])));
  const NAMESPACE = jinjaClass(
    'Namespace',
    (_args, kwargs) => new PyObject(NAMESPACE, new Map(kwargs), `<Namespace ${repr(new PyDict(new Map(kwargs)))}>`),
  );
  const lipsum = pyFunction(
    'generate_lorem_ipsum',
    'jinja2.utils',
    utilsGlobals,
    () => 'Dolor sit amet consectetur, adipiscing elit laoreet nunc magna.',
  );
  const REQUEST = klass('Request', 'flask.wrappers');
  const SESSION = new PyClass('SecureCookieSession', 'flask.sessions', [DICT]);
  const G = klass('_AppCtxGlobals', 'flask.ctx');
  const TEMPLATE_REFERENCE = klass('TemplateReference', 'jinja2.runtime');
  const classes = [
    WRAP_CLOSE,
    FILE,
    FLASK,
    CYCLER,
    JOINER,
    NAMESPACE,
    REQUEST,
    G,
    CONTEXT,
    LOOP,
    TEMPLATE_REFERENCE,
    UNDEFINED,
  ];

  const formData = `ImmutableMultiDict([('to', ${strRepr(form.to)}), ('message', ${strRepr(form.message)})])`;
  const request = new PyObject(
    REQUEST,
    new Map<string, Py>([
      ['method', 'POST'],
      ['path', '/preview'],
      ['url', 'https://cards.rangoli.example/preview'],
      ['remote_addr', '10.40.0.5'],
      [
        'form',
        new PyDict(
          new Map(Object.entries(form)),
          klass('ImmutableMultiDict', 'werkzeug.datastructures'),
          () => formData,
        ),
      ],
      [
        'environ',
        new PyDict(
          new Map<string, Py>([
            ['REQUEST_METHOD', 'POST'],
            ['PATH_INFO', '/preview'],
            ['SERVER_NAME', 'cards-web-2'],
            ['SERVER_SOFTWARE', 'gunicorn/22.0.0'],
          ]),
        ),
      ],
      [
        'application',
        pyFunction(
          'application',
          'werkzeug.wrappers.request',
          moduleGlobals('werkzeug.wrappers.request', {}),
          () => null,
          'Request.application',
        ),
      ],
    ]),
    "<Request 'https://cards.rangoli.example/preview' [POST]>",
  );

  const parent = new PyDict(
    new Map<string, Py>([
      ['range', RANGE],
      ['dict', DICT],
      ['lipsum', lipsum],
      ['cycler', CYCLER],
      ['joiner', JOINER],
      ['namespace', NAMESPACE],
      ['url_for', (FLASK.members.get('url_for') as PyFunction).bind(app)],
      [
        'get_flashed_messages',
        pyFunction('get_flashed_messages', 'flask.helpers', helpersGlobals, () => new PyList([])),
      ],
      ['config', config],
      ['request', request],
      ['session', new PyDict(new Map(), SESSION, (inner) => `<SecureCookieSession ${inner}>`)],
      ['g', new PyObject(G, new Map(), "<flask.g of 'rangoli'>")],
    ]),
  );
  const vars = new PyDict(new Map<string, Py>([['to', form.to]]));
  const context = new PyObject(
    CONTEXT,
    new Map<string, Py>([
      ['parent', parent],
      ['vars', vars],
      ['name', null],
      ['blocks', new PyDict(new Map())],
    ]),
    () => `<Context ${repr(new PyDict(new Map([...parent.entries, ...vars.entries])))} of None>`,
  );
  // Jinja's `self`: a reference to the template whose (name-mangled) attribute is the context.
  const self = new PyObject(
    TEMPLATE_REFERENCE,
    new Map([['_TemplateReference__context', context]]),
    '<TemplateReference None>',
  );
  return { context, self, classes };
}

type TemplateWorld = ReturnType<typeof templateWorld>;

function renderCard(source: string, world: TemplateWorld): string {
  const nodes = parseTemplate(lex(source));
  appClasses = world.classes;
  work = 0;
  try {
    return new Renderer(world.context, world.self).render(nodes);
  } finally {
    appClasses = [];
    work = 0;
  }
}

// ---------------------------------------------------------------------------------------
// The pages

const MESSAGE_MAX = 2000;
const TO_MAX = 60;

function cardForm(
  to = 'Asha',
  message = 'Wishing you and your family a Diwali full of light, laddoos and laughter!',
): string {
  return `<h1>Rangoli Cards: Diwali e-cards</h1>
<p>Write a message, preview your card, and we will e-mail it with a hand-drawn rangoli.</p>
<form method="post" action="preview" class="lab-form">
  <label>Friend's name <input name="to" value="${esc(to)}" maxlength="${TO_MAX}" autocomplete="off"></label>
  <label>Your message <textarea name="message" rows="5" maxlength="${MESSAGE_MAX}" autocapitalize="sentences" spellcheck="false">${esc(message)}</textarea></label>
  <button type="submit">Preview card</button>
</form>`;
}

const target: LabTarget = {
  id: 'web-ssti-template',
  routes: {
    'GET /': () => page('Diwali e-cards', cardForm()),
    'GET /preview': (_request, lab) => redirect(lab, '/'),
    'POST /preview': (request, lab) => {
      const form = request.form();
      const to = (form.get('to') ?? '').slice(0, TO_MAX);
      const message = form.get('message') ?? '';
      if (message.length > MESSAGE_MAX) {
        return page(
          'Diwali e-cards',
          `${cardForm(to, '')}<p class="lab-error" role="alert">A message is at most ${MESSAGE_MAX} characters.</p>`,
          {
            status: 400,
          },
        );
      }
      const secretKey = lab.instanceSecret('flask SECRET_KEY');
      // The flaw: the message becomes part of the template's source; only `to` is passed as data.
      const source = `Dear {{ to }},\n\n${message}\n\nShubh Deepavali!`;
      // Solved when the answer shows the key, which the learner could not have typed in
      // (an error message counts: quoting a value in an error is a real way to leak it).
      const reveals = (text: string) =>
        text.includes(secretKey) && !message.includes(secretKey) && !to.includes(secretKey);
      let card: string;
      try {
        card = renderCard(source, templateWorld(secretKey, { to, message }));
      } catch (error) {
        if (!(error instanceof PyError)) throw error;
        const logged = `${error.type}: ${error.message}`;
        if (reveals(logged)) lab.solve();
        return page(
          'Internal Server Error',
          `<h1>Internal Server Error</h1><p>The card could not be rendered. The server logged:</p><pre>${esc(logged)}</pre><p><a href="./">Back to the editor</a></p>`,
          { status: 500 },
        );
      }
      if (reveals(card)) lab.solve();
      return page(
        'Card preview',
        `${cardForm(to, message)}
<h2>Preview</h2>
<div class="lab-card"><p>${esc(card).replaceAll('\n', '<br>')}</p></div>
<p class="lab-muted">Happy with it? Cards are sent from wishes@rangoli.example.</p>`,
      );
    },
  },
};

export default target;
