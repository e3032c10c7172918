import { X } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { classNames } from './class-names.ts';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastInput {
  /** What happened, in a sentence: "Loan SL-2026-000041 created". */
  readonly message: string;
  readonly tone?: ToastTone;
  /** Where to go next, e.g. the new loan's page. */
  readonly link?: { readonly label: string; readonly to: string };
}

interface Toast extends ToastInput {
  readonly id: number;
}

interface ToastApi {
  show(toast: ToastInput): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Long enough to read a sentence and reach its link; hovering or focusing a toast holds it. */
export const TOAST_SECONDS = 10;
/** Older toasts give way, so a burst of actions never covers the page. */
const MOST_AT_ONCE = 3;

const tones: Record<ToastTone, string> = {
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100',
  info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100',
};

/**
 * Says what an action did without moving focus: the message is read out by the live region, which
 * is on the page from the start (a region added together with its text is often not announced).
 */
export function ToastProvider({ children }: { readonly children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show(toast) {
        const id = nextId.current++;
        setToasts((current) => [...current, { ...toast, id }].slice(-MOST_AT_ONCE));
      },
    }),
    [],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        role="status"
        aria-label="Notifications"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-end gap-2 sm:left-auto sm:w-96"
      >
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function ToastCard({ toast, onDismiss }: { readonly toast: Toast; readonly onDismiss: () => void }) {
  const [isHeld, setHeld] = useState(false);

  useEffect(() => {
    if (isHeld) return;
    const timer = setTimeout(onDismiss, TOAST_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [isHeld, onDismiss]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: holding the toast open is a convenience; the close button is the control.
    <div
      className={classNames(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg',
        tones[toast.tone ?? 'success'],
      )}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="min-w-0 flex-1 wrap-anywhere">
        {toast.message}
        {toast.link ? (
          <>
            {' '}
            <Link
              to={toast.link.to}
              className="font-semibold underline underline-offset-2"
              onClick={onDismiss}
            >
              {toast.link.label}
            </Link>
          </>
        ) : null}
      </p>
      <button
        type="button"
        aria-label="Dismiss notification"
        className="-m-1 rounded p-1 hover:bg-black/5 focus-visible:outline-2 dark:hover:bg-white/10"
        onClick={onDismiss}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** `show({ message, link })` after an action: "Loan SL-2026-000041 created", "View loan". */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it');
  return api;
}
