import { startTransition, useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/** Runs `load` when `key` changes and exposes its state; `reload` runs it again. */
export function useAsync<T>(
  load: () => Promise<T>,
  key: string,
): AsyncState<T> & { reload(): void; set(data: T): void } {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    // Every change here is a transition, so React renders the answer (often a whole
    // screen) in slices, and a tap or a keystroke in the meantime is not held up behind
    // it. "loading" too: an answer already in memory (a lesson fetched ahead) then lands
    // in the same render, with no "Loading..." in between.
    const show = (next: AsyncState<T>) => current && startTransition(() => setState(next));
    show({ status: 'loading' });
    load().then(
      (data) => show({ status: 'ready', data }),
      (error: unknown) => show({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // `load` is recreated each render; `key` says when the request really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { ...state, reload, set };
}
