import { useEffect } from 'react';

/** Sets the tab title for the current screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
