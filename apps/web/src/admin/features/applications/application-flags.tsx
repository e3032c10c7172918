import type { ApplicationFlag } from '@sente/contract';
import { TriangleAlert } from 'lucide-react';

/**
 * What needs a second look before a decision, in the server's words. Shown on the application's
 * page and again in the approve and reject dialogs, so nobody decides without having seen them.
 */
export function ApplicationFlags({
  flags,
  headingLevel = 'h2',
}: {
  readonly flags: readonly ApplicationFlag[];
  readonly headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  if (flags.length === 0) {
    return <p className="text-sm text-slate-700 dark:text-slate-300">Nothing needs a second look.</p>;
  }
  return (
    <section
      aria-label="Needs a look"
      className="rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-50"
    >
      <Heading className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        Needs a look ({flags.length})
      </Heading>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {flags.map((flag) => (
          <li key={flag.code}>{flag.message}</li>
        ))}
      </ul>
    </section>
  );
}
