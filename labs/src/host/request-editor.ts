// The request editor: a minimal Repeater inside every lab page. The learner writes a
// method, a path, headers and a body; the lab host hands that request to the same lab's
// routes in-process (no socket, no fetch), so it can only ever reach this lab, and shows
// the raw answer. Because nothing goes through the browser, any header can be set,
// Cookie included, and every response header (Set-Cookie too) is shown.
import type { LabMethod, LabResponse } from './lab-kit';
import type { EditorRequest } from './layout';

export const EDITOR_METHODS: LabMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export class EditorInputError extends Error {}

export interface ParsedEditorRequest {
  method: LabMethod;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export function parseEditorForm(form: URLSearchParams): { raw: EditorRequest; parsed: ParsedEditorRequest } {
  const raw: EditorRequest = {
    method: (form.get('method') ?? 'GET').toUpperCase(),
    path: (form.get('path') ?? '/').trim(),
    headers: form.get('headers') ?? '',
    body: form.get('body') ?? '',
  };
  const method = EDITOR_METHODS.find((m) => m === raw.method);
  if (!method) throw new EditorInputError(`Choose one of ${EDITOR_METHODS.join(', ')}.`);
  if (!raw.path.startsWith('/') || raw.path.startsWith('//') || /[\s\\]/.test(raw.path)) {
    throw new EditorInputError('The request editor sends requests to this lab only: give a path such as /login.');
  }
  if (raw.path === '/_editor' || raw.path.startsWith('/_editor?')) {
    throw new EditorInputError('The editor cannot send a request to itself.');
  }
  const headers: Record<string, string> = {};
  for (const line of raw.headers.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : '';
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) {
      throw new EditorInputError(`This header line is not "Name: value": ${line.slice(0, 60)}`);
    }
    headers[name] = headers[name] ? `${headers[name]}, ${line.slice(colon + 1).trim()}` : line.slice(colon + 1).trim();
  }
  return { raw, parsed: { method, path: raw.path, headers, body: raw.body } };
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  302: 'Found',
  303: 'See Other',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The answer as the wire would carry it (status line, headers, body), pages without the lab frame. */
export function rawResponse(response: LabResponse, cookieLines: string[]): string {
  const lines = [`HTTP/1.1 ${response.status} ${REASONS[response.status] ?? ''}`.trimEnd()];
  lines.push(`Content-Type: ${response.contentType}`);
  for (const [name, value] of Object.entries(response.headers)) lines.push(`${headerCase(name)}: ${value}`);
  for (const line of cookieLines) lines.push(`Set-Cookie: ${line}`);
  const body =
    typeof response.body !== 'string'
      ? `(${response.body.byteLength} bytes of ${response.contentType}: open the address in the browser to save the file)`
      : response.page
        ? `<!doctype html>\n<title>${response.page.title}</title>\n${response.body.trim()}`
        : response.body;
  return `${lines.join('\n')}\n\n${body}`;
}

function headerCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => dash + letter.toUpperCase());
}
