import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson } from './get-json';
import { ApiError } from './graphql';

function answer(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('getJson', () => {
  it('returns the document', async () => {
    answer(200, '{"me":null}');
    await expect(getJson('/api/session')).resolves.toEqual({ me: null });
  });

  it("throws a refusal's code and message, as GraphQL errors do", async () => {
    answer(401, '{"errors":[{"message":"Please log in.","extensions":{"code":"UNAUTHENTICATED"}}]}');
    const failure = await getJson('/api/progress').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please log in.' });
  });

  it('throws the generic error for an answer that is not a document', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(502, '<html>Bad gateway</html>');
    await expect(getJson('/api/progress')).rejects.toMatchObject({ code: 'TRANSPORT' });
  });
});
