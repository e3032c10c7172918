import { useCallback, useEffect, useState } from 'react';

const PREFIX = 'sente.app.draft.';

function readDraft<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/**
 * Form state that survives a reload, a lost connection or the phone killing the tab: kept in this
 * tab's sessionStorage (gone when the tab closes, removed at sign-out; never passwords).
 */
export function useDraft<T extends object>(
  key: string,
  initial: T,
): [T, (update: (current: T) => T) => void, () => void] {
  const [value, setValue] = useState<T>(() => ({ ...initial, ...readDraft<Partial<T>>(key) }));
  useEffect(() => {
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the form still works, the draft is just not kept.
    }
  }, [key, value]);
  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(PREFIX + key);
    } catch {
      // Nothing was kept.
    }
  }, [key]);
  return [value, setValue, clear];
}
