// Tests drive a lab the way a learner's browser would, but in-process (Fastify's inject):
// a token for a learner, the start URL, a cookie jar, forms, and the request editor.
import { labFlag } from '../flags';
import { signLabToken } from '../lab-token';
import { loadLabEnv, type LabEnv } from './lab-env';
import { buildLabHost } from './lab-host';
import { initSqlSandbox } from './sql-sandbox';

export const TEST_LAB_ENV: LabEnv = loadLabEnv({
  NODE_ENV: 'test',
  LAB_ORIGIN: 'http://127.0.0.1:3901',
  APP_ORIGIN: 'http://localhost:3900',
  LOG_LEVEL: 'silent',
});

export interface LabAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** Where a redirect pointed, relative to the instance (`/account`), if it did. */
  location?: string;
}

export async function startTestLab(labId: string, learner = `learner-${Math.random().toString(36).slice(2)}`) {
  await initSqlSandbox();
  const app = buildLabHost(TEST_LAB_ENV);
  const { token, instanceId } = await signLabToken(TEST_LAB_ENV.tokenSecret, {
    learner,
    labId,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const base = `/i/${token}`;
  const jar = new Map<string, string>();

  async function send(
    method: string,
    path: string,
    options: { body?: string; headers?: Record<string, string>; follow?: boolean } = {},
  ): Promise<LabAnswer> {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app.inject({
      method: method as 'GET',
      url: path.startsWith('/i/') || path.startsWith('/_lab/') ? path : `${base}${path}`,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
      body: options.body,
    });
    for (const line of ([] as string[]).concat(response.headers['set-cookie'] ?? [])) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = response.headers.location as string | undefined;
    const answer: LabAnswer = {
      status: response.statusCode,
      headers: response.headers,
      body: response.body,
      location: location?.startsWith(base) ? location.slice(base.length) : location,
    };
    if (options.follow !== false && location && response.statusCode >= 300 && response.statusCode < 400) {
      return send('GET', location);
    }
    return answer;
  }

  return {
    app,
    base,
    token,
    instanceId,
    learner,
    jar,
    /** This learner's flag for the lab, as the app server would compute it. */
    flag: labFlag(TEST_LAB_ENV.flagSecret, learner, labId),
    get: (path: string, headers?: Record<string, string>) => send('GET', path, { headers }),
    post: (path: string, form: Record<string, string>, headers?: Record<string, string>) =>
      send('POST', path, {
        body: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      }),
    send,
    /** The request editor: one request written by hand; the answer page holds the raw response. */
    editor: (request: { method: string; path: string; headers?: string; body?: string }) =>
      send('POST', '/_editor', {
        body: new URLSearchParams({
          method: request.method,
          path: request.path,
          headers: request.headers ?? '',
          body: request.body ?? '',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    close: () => app.close(),
  };
}

/** The learner's flag is shown on the page, and the "solved" banner with it. */
export function showsFlag(body: string, flag: string): boolean {
  return body.includes(`data-lab-flag="${flag}"`);
}

/** Turns the HTML escapes of the editor's <pre> back into the characters of the answer. */
export function unescapeHtml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** The raw answer the request editor shows under its page: the status and the JSON body. */
export function editorAnswer(body: string): { status: number; json: Record<string, unknown> } {
  const raw = unescapeHtml(/<section class="lab-response"[\s\S]*?<pre tabindex="0">([\s\S]*?)<\/pre>/.exec(body)![1]!);
  return {
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(raw)![1]),
    json: JSON.parse(raw.slice(raw.indexOf('\n\n') + 2)) as Record<string, unknown>,
  };
}
