import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';

export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const DEFAULT_THEME_STORAGE_KEY = 'vite-ui-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeContextValue {
  /** The stored choice: light, dark or system. */
  readonly theme: Theme;
  /** What is on screen now; in system mode it follows the operating system. */
  readonly resolvedTheme: ResolvedTheme;
  setTheme(theme: Theme): void;
  /** Switches between light and dark only (spec section 4). */
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

function readStoredTheme(storageKey: string, fallback: Theme): Theme {
  try {
    const stored = localStorage.getItem(storageKey);
    return isTheme(stored) ? stored : fallback;
  } catch {
    return fallback;
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

function resolveTheme(theme: Theme, isSystemDark: boolean): ResolvedTheme {
  return theme === 'system' ? (isSystemDark ? 'dark' : 'light') : theme;
}

// Same-tab writes notify through this set; other tabs through the storage event.
const themeListeners = new Set<() => void>();

function subscribeToStoredTheme(listener: () => void): () => void {
  themeListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    themeListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function subscribeToSystemTheme(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const media = matchMedia(DARK_QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export interface ThemeProviderProps {
  readonly children: ReactNode;
  readonly defaultTheme?: Theme;
  /** Must match data-storage-key of public/theme-init.js in index.html. */
  readonly storageKey?: string;
}

/**
 * The theme lives in localStorage, read through useSyncExternalStore: a prerendered page hydrates with
 * the server's answer (the default) and switches to the stored one right after, with no mismatch.
 * theme-init.js has already put the right class on <html> before first paint.
 */
export function ThemeProvider({
  children,
  defaultTheme = 'system',
  storageKey = DEFAULT_THEME_STORAGE_KEY,
}: ThemeProviderProps) {
  const theme = useSyncExternalStore(
    subscribeToStoredTheme,
    () => readStoredTheme(storageKey, defaultTheme),
    () => defaultTheme,
  );
  const isSystemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
  const resolvedTheme = resolveTheme(theme, isSystemDark);

  // Reads the live sources rather than the rendered value, so the hydration pass never undoes theme-init.js.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-applied whenever either source changes.
  useEffect(() => {
    const live = resolveTheme(readStoredTheme(storageKey, defaultTheme), systemPrefersDark());
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(live);
    root.style.colorScheme = live;
  }, [theme, isSystemDark, storageKey, defaultTheme]);

  const setTheme = useCallback(
    (next: Theme) => {
      try {
        localStorage.setItem(storageKey, next);
      } catch {
        // Storage blocked: nothing persists; the page keeps its current look.
      }
      for (const listener of themeListeners) listener();
    },
    [storageKey],
  );

  const toggleTheme = useCallback(
    () => setTheme(resolvedTheme === 'dark' ? 'light' : 'dark'),
    [resolvedTheme, setTheme],
  );

  const value = useMemo(
    () => ({ theme, resolvedTheme, setTheme, toggleTheme }),
    [theme, resolvedTheme, setTheme, toggleTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}
