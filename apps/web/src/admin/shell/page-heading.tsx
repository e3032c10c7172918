import type { ReactNode } from 'react';

export function PageHeading({ children }: { readonly children: ReactNode }) {
  return <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{children}</h1>;
}
