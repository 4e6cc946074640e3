/**
 * Keeps the answer of a request that does not change during a visit (the catalogue, the
 * app's settings), so every screen can ask without a second trip. A failure is not kept.
 */
export function cachedRequest<T>(load: () => Promise<T>): { get(): Promise<T>; clear(): void } {
  let pending: Promise<T> | null = null;
  return {
    get() {
      pending ??= load().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
    clear() {
      pending = null;
    },
  };
}
