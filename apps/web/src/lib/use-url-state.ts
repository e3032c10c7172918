import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type UrlValue = string | number | null | undefined;

export interface UrlState {
  /** A text parameter, '' when absent. */
  text(key: string): string;
  /** A positive whole-number parameter, or the fallback when absent or not one. */
  int(key: string, fallback: number): number;
  /** One of the allowed values, or the fallback. */
  oneOf<const T extends string>(key: string, allowed: readonly T[], fallback: T): T;
  /**
   * Sets parameters; null, undefined and '' remove them. Any change other than the page itself puts
   * the page back to 1. `replace` keeps typing from filling the history.
   */
  update(changes: Readonly<Record<string, UrlValue>>, options?: { readonly replace?: boolean }): void;
}

/** Filters and the page live in the URL, so a reload and the back button keep them. */
export function useUrlState(defaults: Readonly<Record<string, string>> = {}): UrlState {
  const [params, setParams] = useSearchParams();

  const update = useCallback(
    (changes: Readonly<Record<string, UrlValue>>, options: { readonly replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const text = value === null || value === undefined ? '' : String(value);
            if (text === '' || defaults[key] === text) next.delete(key);
            else next.set(key, text);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: options.replace === true },
      );
    },
    [setParams, defaults],
  );

  return {
    text: (key) => params.get(key) ?? defaults[key] ?? '',
    int: (key, fallback) => {
      const value = Number(params.get(key));
      return Number.isSafeInteger(value) && value > 0 ? value : fallback;
    },
    oneOf: (key, allowed, fallback) => {
      const value = params.get(key);
      return allowed.find((item) => item === value) ?? fallback;
    },
    update,
  };
}
