// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCourseCache, fetchProgress, receiveSessionCourseData, type UserProgress } from '../lib/course-api';
import { ForgetPageProgressOnMove } from './ForgetPageProgressOnMove';

const LEARNER = 'asha@example.com';
const FROM_THE_PAGE: UserProgress = { completed_modules: [], modules: [], resume_module_id: 'cryptography' };
const FROM_THE_SERVER: UserProgress = { completed_modules: [], modules: [], resume_module_id: 'web-application' };

let askedTheServer: string[];

beforeEach(() => {
  askedTheServer = [];
  vi.stubGlobal('fetch', async (path: string) => {
    askedTheServer.push(path);
    return Response.json(FROM_THE_SERVER);
  });
  // The page opened with the learner's progress in its session document.
  receiveSessionCourseData({ progress: FROM_THE_PAGE, catalogue_path: '/api/catalogue' }, LEARNER);
});

afterEach(() => {
  cleanup();
  clearCourseCache();
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
    <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
      <ForgetPageProgressOnMove />
      <Mover />
    </MemoryRouter>,
  );
  return navigate;
}

describe('ForgetPageProgressOnMove', () => {
  it('leaves the first screen the progress that came with the page', async () => {
    openPage();

    await expect(fetchProgress(LEARNER)).resolves.toEqual(FROM_THE_PAGE);
    expect(askedTheServer).toEqual([]);
  });

  it('leaves it to a redirect from the first screen', async () => {
    const navigate = openPage();

    await act(async () => navigate('/course/cryptography/1', { replace: true }));

    await expect(fetchProgress(LEARNER)).resolves.toEqual(FROM_THE_PAGE);
    expect(askedTheServer).toEqual([]);
  });

  it('forgets it once the learner follows a link: the next screen asks the server', async () => {
    const navigate = openPage();

    await act(async () => navigate('/course/web-application/1'));

    await expect(fetchProgress(LEARNER)).resolves.toEqual(FROM_THE_SERVER);
    expect(askedTheServer).toEqual(['/api/progress']);
  });

  it('forgets it when the learner goes back', async () => {
    const navigate = openPage(['/course/web-application/1', '/dashboard']);

    await act(async () => navigate(-1));

    await expect(fetchProgress(LEARNER)).resolves.toEqual(FROM_THE_SERVER);
    expect(askedTheServer).toEqual(['/api/progress']);
  });
});
