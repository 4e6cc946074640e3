import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLearner } from '../features/admin/admin-api';
import { fetchAccount, requestPasswordReset } from './account-api';
import { markLessonComplete } from './course-api';
import { labsPageQuery } from './labs-api';
import { askPageQuery } from './page-query';

const schema = buildSchema(readFileSync(new URL('../../../server/schema.graphql', import.meta.url), 'utf8'));

interface SentRequest {
  operationName: string;
  query: string;
  variables?: Record<string, unknown>;
}

/** Answers every request with `data` and keeps what was sent. */
function answer(data: unknown): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)) as SentRequest);
      return Response.json({ data });
    }),
  );
  return sent;
}

/** The request's query against the schema, as the server validates it: [] when valid. */
function problems(request: SentRequest): string[] {
  return validate(schema, parse(request.query)).map((error) => error.message);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gql', () => {
  it("sends a document's name, text and variables, and returns its data", async () => {
    const sent = answer({ requestPasswordReset: true });
    await requestPasswordReset('asha@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ operationName: 'RequestPasswordReset', variables: { email: 'asha@example.com' } });
    expect(problems(sent[0]!)).toEqual([]);
  });

  it('sends no variables for an operation without any', async () => {
    const sent = answer({ account: { sessions: [] } });
    await expect(fetchAccount()).resolves.toEqual({ sessions: [] });
    expect(sent[0]!.operationName).toBe('GetAccount');
    expect(sent[0]).not.toHaveProperty('variables');
  });

  it.each([
    ['GetLabs', () => askPageQuery(labsPageQuery), { labs: [] }],
    ['UpdateUserProgress', () => markLessonComplete('web-application', 1), { markLessonComplete: {} }],
    ['AdminLearner', () => fetchLearner('1'), { adminLearner: null }],
  ])('sends %s with each fragment it spreads defined once, nested ones too', async (name, call, data) => {
    const sent = answer(data);
    await call();
    expect(sent[0]!.operationName).toBe(name);
    expect(problems(sent[0]!)).toEqual([]);
  });
});
