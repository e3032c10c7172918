import type { ReactNode } from 'react';

export interface SectionHeadingProps {
  readonly id: string;
  readonly eyebrow?: string;
  readonly title: string;
  readonly children?: ReactNode;
}

/** A section's h2 with an optional small label above and a lead paragraph below. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className="max-w-3xl">
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-emerald-800 uppercase dark:text-emerald-300">
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      {children ? <div className="mt-3 text-lg text-slate-700 dark:text-slate-300">{children}</div> : null}
    </div>
  );
}
