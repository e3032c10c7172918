/**
 * Installs the app: its web app manifest (linked only inside /app, since index.html also serves the
 * back-office) and its service worker, scope /app, which keeps the app shell so a second visit
 * starts without a network (docs/app.md, Offline). Only in a production build: the dev server has no
 * app-sw.js and its modules change on every edit.
 */
export function installApp(): void {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/app.webmanifest';
    document.head.append(link);
    const themeColor = document.createElement('meta');
    themeColor.name = 'theme-color';
    themeColor.content = '#047857';
    document.head.append(themeColor);
  }
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page has loaded, so the worker's downloads never compete with the first screen's.
  const register = () =>
    navigator.serviceWorker.register('/app-sw.js', { scope: '/app' }).catch(() => {
      // Without it the app still works online; there is nothing to tell the person.
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
