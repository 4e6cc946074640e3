// What a lab target is made of. A target is a set of routes (find-my-way patterns,
// relative to the lab instance's base URL) whose handlers get the request and the
// instance's tools, and answer with one of the helpers at the bottom of this file.
// Handlers never touch the network, the file system or the app: everything a flaw needs
// is simulated here (a per-request SQLite, the instance's state, a simulated victim).
import type { SqlResult } from './sql-sandbox';

export type LabMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface LabRequest {
  method: string;
  /** Path relative to the instance base, starting with `/` (e.g. `/login`). */
  path: string;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string>;
  cookies: Record<string, string>;
  /** The raw body as text ('' when none). */
  body: string;
  /** The body parsed as `application/x-www-form-urlencoded`. */
  form(): URLSearchParams;
  /** The body parsed as JSON; throws LabInputError when it is not JSON. */
  json(): unknown;
}

export interface LabTools {
  labId: string;
  instanceId: string;
  /** Absolute path of the instance's base, e.g. `/i/<token>`; links in pages start with it. */
  base: string;
  /**
   * A secret of this instance for `purpose` (32 hex characters), derived with the lab
   * host's key: unguessable from the token, which anyone can decode. Use it for the
   * passwords and keys a learner must extract, so they differ per start of the lab.
   */
  instanceSecret(purpose: string): string;
  /** The learner's flag for this lab; also marks the answer as solved (the banner shows). */
  solve(): string;
  /** Runs SQL on a fresh in-memory SQLite built from `setup` (trusted DDL and rows). */
  sql(setup: string, query: string, params?: (string | number | null)[]): SqlResult;
  /**
   * The instance's saved state (JSON, about 2 KB: the 3,000-byte cookie holds it in base64),
   * per learner and per start of the lab. Signed but readable by the learner: no secrets.
   */
  state<T>(): T | undefined;
  setState(value: unknown): void;
  /** The simulated victim's verdict on an HTML document it would receive (bytes are read as UTF-8). */
  victimWouldRunScript(html: string | Uint8Array): boolean;
}

export interface LabCookie {
  name: string;
  value: string;
  /** Default true; a lab whose flaw is a script-readable cookie sets it false. */
  httpOnly?: boolean;
}

export interface LabResponse {
  status: number;
  contentType: string;
  /** Text, or bytes for a download (a capture file): see `download()`. */
  body: string | Uint8Array;
  headers: Record<string, string>;
  cookies: LabCookie[];
  /** For HTML pages: the title, and that the platform should wrap the body in the lab layout. */
  page?: { title: string };
}

export type LabHandler = (request: LabRequest, lab: LabTools) => LabResponse | Promise<LabResponse>;

export interface LabTarget {
  id: string;
  /**
   * `inline` lets script that a learner injects run in their own browser (XSS labs), on
   * the lab's own site; every other lab's pages allow only the platform's own script.
   */
  scripts?: 'self' | 'inline';
  /**
   * Requests one instance may make per minute, when the flaw itself takes many (a padding
   * oracle is a few thousand questions). Default: LAB_BUDGETS.instanceRequests.
   */
  requestsPerMinute?: number;
  /** Extra static scripts the target's pages load, by file name: served from `/_lab/target/<id>/<name>`. */
  assets?: Record<string, string>;
  routes: Partial<Record<`${LabMethod} /${string}`, LabHandler>>;
}

/** A client mistake the lab reports as 400 with this text (e.g. a body that is not JSON). */
export class LabInputError extends Error {}

type Extra = { status?: number; headers?: Record<string, string>; cookies?: LabCookie[] };

/** An HTML page inside the lab layout (toolbar, styles); `body` is trusted markup. */
export function page(title: string, body: string, extra: Extra = {}): LabResponse {
  return {
    status: extra.status ?? 200,
    contentType: 'text/html; charset=utf-8',
    body,
    headers: extra.headers ?? {},
    cookies: extra.cookies ?? [],
    page: { title },
  };
}

export function json(value: unknown, extra: Extra = {}): LabResponse {
  return {
    status: extra.status ?? 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(value, null, 2),
    headers: extra.headers ?? {},
    cookies: extra.cookies ?? [],
  };
}

export function text(body: string, extra: Extra & { contentType?: string } = {}): LabResponse {
  return {
    status: extra.status ?? 200,
    contentType: extra.contentType ?? 'text/plain; charset=utf-8',
    body,
    headers: extra.headers ?? {},
    cookies: extra.cookies ?? [],
  };
}

/** A file to save (a capture, a key): bytes sent as they are, with a file name. */
export function download(bytes: Uint8Array, contentType: string, fileName: string, extra: Extra = {}): LabResponse {
  return {
    status: extra.status ?? 200,
    contentType,
    body: bytes,
    headers: {
      'content-disposition': `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`,
      ...extra.headers,
    },
    cookies: extra.cookies ?? [],
  };
}

/** 303 to a path relative to the instance base (`/account`), keeping the lab's URL. */
export function redirect(lab: Pick<LabTools, 'base'>, to: string, extra: Extra = {}): LabResponse {
  return {
    status: extra.status ?? 303,
    contentType: 'text/plain; charset=utf-8',
    body: '',
    headers: { ...extra.headers, location: `${lab.base}${to}` },
    cookies: extra.cookies ?? [],
  };
}

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
