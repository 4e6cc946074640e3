import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearCourseCache,
  fetchCatalogue,
  fetchProgress,
  forgetPageProgress,
  receiveSessionCourseData,
  type UserProgress,
} from './course-api';

const progressOf = (resume: string): UserProgress => ({ completed_modules: [], modules: [], resume_module_id: resume });

/** Answers every GET with `{ path }` and records the paths asked. */
function recordRequests(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      const body = path.startsWith('/api/catalogue') ? { catalogue: [] } : progressOf('from-server');
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return asked;
}

afterEach(() => {
  clearCourseCache();
  vi.unstubAllGlobals();
});

describe('progress that came with the session document', () => {
  it('answers the first screen that asks, then the server answers', async () => {
    const asked = recordRequests();
    receiveSessionCourseData({ progress: progressOf('with-page'), catalogue_path: '/api/catalogue/v1' });
    expect((await fetchProgress()).resume_module_id).toBe('with-page');
    expect(asked).toEqual([]);
    expect((await fetchProgress()).resume_module_id).toBe('from-server');
    expect(asked).toEqual(['/api/progress']);
  });

  it('is not used once the learner has moved to another screen', async () => {
    const asked = recordRequests();
    receiveSessionCourseData({ progress: progressOf('with-page'), catalogue_path: '/api/catalogue/v1' });
    forgetPageProgress();
    expect((await fetchProgress()).resume_module_id).toBe('from-server');
    expect(asked).toEqual(['/api/progress']);
  });

  it('is forgotten when the learner signs out', async () => {
    const asked = recordRequests();
    receiveSessionCourseData({ progress: progressOf('with-page'), catalogue_path: '/api/catalogue/v1' });
    clearCourseCache();
    await fetchProgress();
    expect(asked).toEqual(['/api/progress']);
  });
});

describe('the catalogue', () => {
  it('is read at the address the session document names, once per visit', async () => {
    const asked = recordRequests();
    receiveSessionCourseData({ progress: null, catalogue_path: '/api/catalogue/v2' });
    await Promise.all([fetchCatalogue(), fetchCatalogue()]);
    expect(asked).toEqual(['/api/catalogue/v2']);
  });
});
