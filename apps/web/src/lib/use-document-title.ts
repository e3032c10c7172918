import { useEffect } from 'react';

/** Gives each page its own browser title, so screen readers and tabs tell pages apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Sente`;
  }, [title]);
}
