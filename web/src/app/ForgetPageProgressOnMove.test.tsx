// @vitest-environment jsdom
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressQuery, type UserProgress } from '../lib/course-api';
import { createQueryClient } from '../lib/query-client';
import { ForgetPageProgressOnMove } from './ForgetPageProgressOnMove';

const LEARNER = 'asha@example.com';
const FROM_THE_PAGE: UserProgress = { completed_modules: [], modules: [], resume_module_id: 'cryptography' };
const FROM_THE_SERVER: UserProgress = { completed_modules: [], modules: [], resume_module_id: 'web-application' };

let askedTheServer: string[];
let client: QueryClient;

beforeEach(() => {
  askedTheServer = [];
  vi.stubGlobal('fetch', async (path: string) => {
    askedTheServer.push(path);
    return Response.json(FROM_THE_SERVER);
  });
  client = createQueryClient();
  // The page opened with the learner's progress in its session document (lib/session.tsx).
  client.setQueryData(progressQuery(LEARNER).queryKey, FROM_THE_PAGE);
});

afterEach(() => {
  cleanup();
  client.clear();
  vi.unstubAllGlobals();
});

/** The router on the page the learner opened (the last of `history`), and a way to move from it. */
function openPage(history = ['/dashboard']): NavigateFunction {
  let navigate!: NavigateFunction;
  function Mover() {
    navigate = useNavigate();
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
        <ForgetPageProgressOnMove />
        <Mover />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return navigate;
}

/** The next screen: it shows the resume module of the progress it reads. */
async function showNextScreen() {
  function Screen() {
    const progress = useQuery(progressQuery(LEARNER));
    return <p>{progress.isFetching ? 'asking' : progress.data?.resume_module_id}</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <Screen />
    </QueryClientProvider>,
  );
  await act(async () => {});
}

describe('ForgetPageProgressOnMove', () => {
  it('leaves the first screen the progress that came with the page', async () => {
    openPage();
    await showNextScreen();

    expect(screen.getByText(FROM_THE_PAGE.resume_module_id!)).toBeTruthy();
    expect(askedTheServer).toEqual([]);
  });

  it('leaves it to a redirect from the first screen', async () => {
    const navigate = openPage();

    await act(async () => navigate('/course/cryptography/1', { replace: true }));
    await showNextScreen();

    expect(screen.getByText(FROM_THE_PAGE.resume_module_id!)).toBeTruthy();
    expect(askedTheServer).toEqual([]);
  });

  it('marks it stale once the learner follows a link: the next screen asks the server', async () => {
    const navigate = openPage();

    await act(async () => navigate('/course/web-application/1'));
    await showNextScreen();

    expect(await screen.findByText(FROM_THE_SERVER.resume_module_id!)).toBeTruthy();
    expect(askedTheServer).toEqual(['/api/progress']);
  });

  it('marks it stale when the learner goes back', async () => {
    const navigate = openPage(['/course/web-application/1', '/dashboard']);

    await act(async () => navigate(-1));
    await showNextScreen();

    expect(await screen.findByText(FROM_THE_SERVER.resume_module_id!)).toBeTruthy();
    expect(askedTheServer).toEqual(['/api/progress']);
  });
});
