import { useIsOnline } from './use-online-status.ts';

/** Says so while the phone is offline; the app itself still opens from the service worker's cache. */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  return (
    <div role="status" aria-live="polite">
      {isOnline ? null : (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50">
          You are offline. Sente opened from this phone’s copy; what you see may be out of date, and nothing
          can be sent until you are back online.
        </p>
      )}
    </div>
  );
}
