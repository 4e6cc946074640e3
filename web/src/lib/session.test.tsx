// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markLessonComplete } from './course-api';
import { createQueryClient } from './query-client';
import { SessionProvider, useSession, type SessionUser } from './session';

const ASHA: SessionUser = {
  user_id: 'asha@example.com',
  full_name: 'Asha Rao',
  phone: '9876543210',
  payment_status: true,
  subscribed: true,
  is_admin: false,
  state_code: null,
};
const RAVI: SessionUser = { ...ASHA, user_id: 'ravi@example.com', full_name: 'Ravi Kumar' };

/** The server's answers, held until the test lets each one through. */
interface HeldAnswer {
  path: string;
  body: unknown;
  answer(body: unknown): Promise<void>;
  fail(): Promise<void>;
}

let held: HeldAnswer[];

beforeEach(() => {
  held = [];
  vi.stubGlobal(
    'fetch',
    (path: string, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
        // Each answer is let through inside act(), so React has applied it when act() returns.
        held.push({
          path,
          body,
          answer: (answer) => act(async () => resolve(Response.json(answer))),
          fail: () => act(async () => reject(new TypeError('Failed to fetch'))),
        });
      }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The one request the page is waiting on for `path`. */
function waiting(path: string): HeldAnswer {
  const matches = held.filter((request) => request.path === path);
  expect(matches).toHaveLength(1);
  held = held.filter((request) => request.path !== path);
  return matches[0]!;
}

const sessionDocument = (me: SessionUser | null) => ({ me, progress: null, catalogue_path: '/api/catalogue' });
const signedInAs = (user: SessionUser) => ({ data: { loginUser: user } });

/** Renders the provider with a line saying who it holds, and hands back its API. */
function renderSession(client = createQueryClient()) {
  let api!: ReturnType<typeof useSession>;
  function Who() {
    api = useSession();
    const { state } = api;
    return <p>{state.status === 'loading' ? 'loading' : (state.user?.full_name ?? 'signed out')}</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <Who />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return () => api;
}

/** The provider once the page's first answer said `user` is signed in. */
async function renderSignedIn(user: SessionUser) {
  const api = renderSession();
  await waiting('/api/session').answer(sessionDocument(user));
  return api;
}

/** Calls refresh() inside act(), as a click would, and hands back what it resolves to. */
function startRefresh(api: () => ReturnType<typeof useSession>): Promise<SessionUser | null> {
  let refreshed!: Promise<SessionUser | null>;
  act(() => {
    refreshed = api().refresh();
  });
  return refreshed;
}

/** A GraphQL request of the page, started inside act() as a click would; its failure is kept for the test. */
function startRequest(): Promise<unknown> {
  let request!: Promise<unknown>;
  act(() => {
    request = markLessonComplete('web-application', 1).catch((error: unknown) => error);
  });
  return request;
}

const refusedForWantOfSession = {
  errors: [{ message: 'Please log in to continue.', extensions: { code: 'UNAUTHENTICATED' } }],
};

describe('SessionProvider', () => {
  it('starts with the learner of a page the server rendered for them, without asking who is signed in', async () => {
    const client = createQueryClient();
    client.setQueryData(['session'], sessionDocument(ASHA));
    const api = renderSession(client);
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(held).toEqual([]);
    // The session ending later is still noticed: a refusal makes it ask.
    const request = startRequest();
    await waiting('/graphql').answer(refusedForWantOfSession);
    await request;
    await waiting('/api/session').answer(sessionDocument(null));
    expect(api().ended).toBe(true);
    expect(screen.getByText('signed out')).toBeTruthy();
  });

  it("keeps the page's progress in the query cache, and forgets the cache on logout and when someone else signs in", async () => {
    const client = createQueryClient();
    const api = renderSession(client);
    const progress = { completed_modules: [], modules: [], resume_module_id: 'cryptography' };
    await waiting('/api/session').answer({ ...sessionDocument(ASHA), progress });
    expect(client.getQueryData(['progress', ASHA.user_id])).toEqual(progress);

    // Ravi signs in on Asha's page without her signing out (a password-reset link).
    act(() => api().setUser(RAVI));
    expect(client.getQueryData(['progress', ASHA.user_id])).toBeUndefined();

    client.setQueryData(['account', RAVI.user_id], { email: RAVI.user_id });
    let loggingOut!: Promise<void>;
    act(() => {
      loggingOut = api().logout();
    });
    await waiting('/graphql').answer({ data: { logoutUser: true } });
    await loggingOut;
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(screen.getByText('signed out')).toBeTruthy();
  });

  it("applies the page's first answer when nothing changed while it was asked", async () => {
    renderSession();
    expect(screen.getByText('loading')).toBeTruthy();

    await waiting('/api/session').answer(sessionDocument(ASHA));

    expect(screen.getByText('Asha Rao')).toBeTruthy();
  });

  it("keeps a sign-in that finished before the page's first answer, which said signed out", async () => {
    const api = renderSession();
    const firstAnswer = waiting('/api/session');

    let signIn!: Promise<SessionUser>;
    act(() => {
      signIn = api().login(ASHA.user_id, 'a long passphrase');
    });
    await waiting('/graphql').answer(signedInAs(ASHA));
    await signIn;
    expect(screen.getByText('Asha Rao')).toBeTruthy();

    // Asked before the sign-in, with no session cookie yet: out of date when it arrives.
    await firstAnswer.answer(sessionDocument(null));

    expect(screen.getByText('Asha Rao')).toBeTruthy();
  });

  it("keeps a sign-in when the page's first question fails afterwards", async () => {
    const api = renderSession();
    const firstAnswer = waiting('/api/session');

    await act(async () => {
      const signIn = api().login(ASHA.user_id, 'a long passphrase');
      await waiting('/graphql').answer(signedInAs(ASHA));
      await signIn;
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await firstAnswer.fail();

    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('GET /api/session: network error', expect.any(TypeError));
  });

  it('drops a refresh answered after a sign-out and a sign-in as someone else, but still returns it', async () => {
    const api = await renderSignedIn(ASHA);
    const refreshed = startRefresh(api);
    const refreshAnswer = waiting('/api/session');
    await act(async () => {
      const signOut = api().logout();
      await waiting('/graphql').answer({ data: { logoutUser: true } });
      await signOut;
      const signIn = api().login(RAVI.user_id, 'another passphrase');
      await waiting('/graphql').answer(signedInAs(RAVI));
      await signIn;
    });
    expect(screen.getByText('Ravi Kumar')).toBeTruthy();

    await refreshAnswer.answer(sessionDocument(ASHA));

    expect(screen.getByText('Ravi Kumar')).toBeTruthy();
    await expect(refreshed).resolves.toEqual(ASHA);
  });

  it('applies a refresh when nothing changed while it was asked', async () => {
    const api = await renderSignedIn(ASHA);
    const refreshed = startRefresh(api);
    await waiting('/api/session').answer(sessionDocument({ ...ASHA, full_name: 'Asha R.' }));

    expect(screen.getByText('Asha R.')).toBeTruthy();
    await expect(refreshed).resolves.toMatchObject({ full_name: 'Asha R.' });
  });

  it('after a request refused for want of a session, asks who is signed in once; no one means the session ended', async () => {
    const api = await renderSignedIn(ASHA);
    const requests = [startRequest(), startRequest()];
    for (const request of held.filter((answer) => answer.path === '/graphql')) {
      await request.answer(refusedForWantOfSession);
    }
    await expect(requests[0]).resolves.toMatchObject({ code: 'UNAUTHENTICATED' });
    await requests[1];
    held = held.filter((answer) => answer.path !== '/graphql');

    // Two refusals, one question.
    await waiting('/api/session').answer(sessionDocument(null));

    expect(screen.getByText('signed out')).toBeTruthy();
    expect(api().ended).toBe(true);
  });

  it('keeps the learner when the server still knows them (signed in again in another tab)', async () => {
    const api = await renderSignedIn(ASHA);
    const request = startRequest();
    await waiting('/graphql').answer(refusedForWantOfSession);
    await request;

    await waiting('/api/session').answer(sessionDocument(ASHA));

    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(api().ended).toBe(false);
  });

  it('does not take signing out, or a refusal while signed out, for a session that ended', async () => {
    const api = await renderSignedIn(ASHA);
    await act(async () => {
      const signOut = api().logout();
      await waiting('/graphql').answer({ data: { logoutUser: true } });
      await signOut;
    });
    expect(api().ended).toBe(false);

    const request = startRequest();
    await waiting('/graphql').answer(refusedForWantOfSession);
    await request;

    expect(held).toEqual([]);
    expect(screen.getByText('signed out')).toBeTruthy();
    expect(api().ended).toBe(false);
  });

  it('the next sign-in clears a session ended', async () => {
    const api = await renderSignedIn(ASHA);
    const request = startRequest();
    await waiting('/graphql').answer(refusedForWantOfSession);
    await request;
    await waiting('/api/session').answer(sessionDocument(null));
    expect(api().ended).toBe(true);

    await act(async () => {
      const signIn = api().login(ASHA.user_id, 'a long passphrase');
      await waiting('/graphql').answer(signedInAs(ASHA));
      await signIn;
    });

    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(api().ended).toBe(false);
  });
});
