import { paths } from '../lib/paths.ts';
import { focusRing } from './button.tsx';

/** The Sente wordmark, linking home. The home page is its own prerendered document, so a plain link. */
export function Logo() {
  return (
    <a
      href={paths.home}
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-emerald-800 dark:text-emerald-300 ${focusRing}`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      Sente
      <span className="sr-only">, home</span>
    </a>
  );
}
