import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearCourseCache,
  fetchCatalogue,
  fetchProgress,
  forgetPageProgress,
  receiveSessionCourseData,
  type SessionCourseData,
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
    receiveSessionCourseData(
      { progress: progressOf('with-page'), catalogue_path: '/api/catalogue/v1' },
      'asha@example.com',
    );
    expect((await fetchProgress('asha@example.com')).resume_module_id).toBe('with-page');
    expect(asked).toEqual([]);
    expect((await fetchProgress('asha@example.com')).resume_module_id).toBe('from-server');
    expect(asked).toEqual(['/api/progress']);
  });

  it('is not used once the learner has moved to another screen', async () => {
    const asked = recordRequests();
    receiveSessionCourseData(
      { progress: progressOf('with-page'), catalogue_path: '/api/catalogue/v1' },
      'asha@example.com',
    );
    forgetPageProgress();
    expect((await fetchProgress('asha@example.com')).resume_module_id).toBe('from-server');
    expect(asked).toEqual(['/api/progress']);
  });

  it('is not handed to someone else who signed in on the same page since', async () => {
    const asked = recordRequests();
    receiveSessionCourseData(
      { progress: progressOf('asha-s'), catalogue_path: '/api/catalogue/v1' },
      'asha@example.com',
    );
    // Ravi opened a password-reset link in Asha's tab: the reset signed him in.
    expect((await fetchProgress('ravi@example.com')).resume_module_id).toBe('from-server');
    expect(asked).toEqual(['/api/progress']);
  });

  it('is forgotten when the learner signs out', async () => {
    const asked = recordRequests();
    receiveSessionCourseData(
      { progress: progressOf('with-page'), catalogue_path: '/api/catalogue/v1' },
      'asha@example.com',
    );
    clearCourseCache();
    await fetchProgress('asha@example.com');
    expect(asked).toEqual(['/api/progress']);
  });
});

describe('the catalogue', () => {
  it('is read at the plain address when the session document does not name one (an older server)', async () => {
    const asked = recordRequests();
    receiveSessionCourseData({ progress: null } as unknown as SessionCourseData, null);
    await fetchCatalogue();
    expect(asked).toEqual(['/api/catalogue']);
  });

  it('is read at the address the session document names, once per visit', async () => {
    const asked = recordRequests();
    receiveSessionCourseData({ progress: null, catalogue_path: '/api/catalogue/v2' }, null);
    await Promise.all([fetchCatalogue(), fetchCatalogue()]);
    expect(asked).toEqual(['/api/catalogue/v2']);
  });
});
