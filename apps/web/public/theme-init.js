// Runs synchronously in <head> before first paint, so a dark-mode visitor never sees a white flash.
// Mirrors ThemeProvider (src/lib/theme-provider.tsx): stored "light" | "dark" | "system", default system.
(() => {
  const root = document.documentElement;
  const key = document.currentScript?.getAttribute('data-storage-key') || 'vite-ui-theme';
  let theme = 'system';
  try {
    const stored = localStorage.getItem(key);
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch {
    // Storage can be blocked (private mode, policies); fall back to the system preference.
  }
  const isDark =
    theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.remove('light', 'dark');
  root.classList.add(isDark ? 'dark' : 'light');
  root.style.colorScheme = isDark ? 'dark' : 'light';
})();
