import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigate, useSearchParams } from 'react-router';

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

/**
 * Filters and the page live in the URL, so a reload and the back button keep them. A change builds on
 * the URL as the router has it when the change is made, not as this render saw it: React Router's
 * functional `setSearchParams` starts from the render's parameters, so a change made before the page
 * had re-rendered after a link (a sort chosen right after a bucket link) dropped what the link had
 * set. A change from a page that has been left since is dropped.
 */
export function useUrlState(defaults: Readonly<Record<string, string>> = {}): UrlState {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The data router (createBrowserRouter, createMemoryRouter) holds the location as it is now.
  const router = useContext(UNSAFE_DataRouterContext)?.router;

  const update = useCallback(
    (changes: Readonly<Record<string, UrlValue>>, options: { readonly replace?: boolean } = {}) => {
      const now = router?.state.location ?? location;
      if (now.pathname !== location.pathname) return;
      const next = new URLSearchParams(now.search);
      for (const [key, value] of Object.entries(changes)) {
        const text = value === null || value === undefined ? '' : String(value);
        if (text === '' || defaults[key] === text) next.delete(key);
        else next.set(key, text);
      }
      if (!('page' in changes)) next.delete('page');
      navigate({ search: `?${next}` }, { replace: options.replace === true });
    },
    [router, location, navigate, defaults],
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
