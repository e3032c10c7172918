import type { ReactNode } from 'react';
import { Container } from '../../ui/container.tsx';

/** The top of an inner page: its one h1 and a lead paragraph. */
export function PageHero({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-emerald-50 to-white dark:border-slate-800 dark:from-slate-950 dark:to-slate-900">
      <Container className="py-12 lg:py-16">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          {title}
        </h1>
        {children ? (
          <div className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{children}</div>
        ) : null}
      </Container>
    </div>
  );
}
