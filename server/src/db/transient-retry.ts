/**
 * PostgreSQL aborts a transaction it could not run as asked, and says the same work would
 * succeed if tried again: a deadlock between two sessions (40P01), a serialization failure
 * (40001), a lock it could not get (55P03). One learner's two tabs completing lessons at
 * once can meet that way. Such work is retried, from the start, a few times.
 */
const TRANSIENT_CODES = new Set(['40P01', '40001', '55P03']);

export function isTransientDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

/** Runs `work`, again (up to `attempts` times in all) while it fails with a transient database error. */
export async function retryTransient<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientDatabaseError(error)) throw error;
    }
  }
}
