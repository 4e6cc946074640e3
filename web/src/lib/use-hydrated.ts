import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while React adopts a page the server rendered, true from the
 * next render on (and at once on a page rendered in the browser). A form on a rendered
 * page stays disabled until then: typed into or submitted before its code is attached,
 * the browser would send it as a plain GET, the password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
