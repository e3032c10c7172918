import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';
import type { UrlState } from './use-url-state.ts';

/** The search waits this long after the last keystroke (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A search box bound to the URL's `search` parameter: what is typed reaches the URL (and page 1)
 * once typing pauses, replacing the history entry; a search changed by the back button or a link
 * shows up in the box. Answers the search in the URL (what to load) and the box's value and setter.
 */
export function useUrlSearch(url: UrlState): {
  readonly search: string;
  readonly input: string;
  readonly setInput: (value: string) => void;
} {
  const search = url.text('search');
  const [input, setInput] = useState(search);
  const debounced = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const written = useRef(search);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    url.update({ search: debounced }, { replace: true });
  }, [debounced, url]);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setInput(search);
  }, [search]);
  return { search, input, setInput };
}
