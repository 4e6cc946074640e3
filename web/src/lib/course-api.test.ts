import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  catalogueQuery,
  storeModuleProgress,
  progressQuery,
  type ModuleProgress,
  type UserProgress,
} from './course-api';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';
import type { QueryClient } from '@tanstack/react-query';

const progressOf = (resume: string): UserProgress => ({ completed_modules: [], modules: [], resume_module_id: resume });

/** Answers every GET with a document and records the paths asked. */
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

let client: QueryClient;
beforeEach(() => {
  client = createQueryClient();
});

afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

describe('the catalogue', () => {
  it('is read at the plain address when the session document does not name one (an older server)', async () => {
    const asked = recordRequests();
    client.setQueryData(queryKeys.session, { me: null, progress: null });
    await client.query(catalogueQuery);
    expect(asked).toEqual(['/api/catalogue']);
  });

  it('is read at the address the session document names, once per visit', async () => {
    const asked = recordRequests();
    client.setQueryData(queryKeys.session, { me: null, progress: null, catalogue_path: '/api/catalogue/v2' });
    await Promise.all([client.query(catalogueQuery), client.query(catalogueQuery)]);
    await client.query(catalogueQuery);
    expect(asked).toEqual(['/api/catalogue/v2']);
  });
});

describe('the progress', () => {
  it('is forgotten when the learner signs out (the cache is cleared)', async () => {
    const asked = recordRequests();
    client.setQueryData(progressQuery('asha@example.com').queryKey, progressOf('with-page'));
    expect((await client.query(progressQuery('asha@example.com'))).resume_module_id).toBe('with-page');
    expect(asked).toEqual([]);
    client.clear();
    expect((await client.query(progressQuery('asha@example.com'))).resume_module_id).toBe('from-server');
    expect(asked).toEqual(['/api/progress']);
  });

  it('takes a completion as the mutation answered it', () => {
    const module: ModuleProgress = {
      module_id: 'cryptography',
      completed_lessons: [1, 2],
      completed: true,
      completed_at: '2026-11-28T05:00:00.000Z',
      checks: { total: 0, answered: 0, first_time_right: 0 },
    };
    client.setQueryData(progressQuery('asha@example.com').queryKey, progressOf('cryptography'));
    storeModuleProgress(client, 'asha@example.com', module);
    const stored = client.getQueryData(progressQuery('asha@example.com').queryKey);
    expect(stored?.modules).toEqual([module]);
    expect(stored?.completed_modules).toEqual(['cryptography']);
  });
});
