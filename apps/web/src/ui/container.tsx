import type { HTMLAttributes } from 'react';
import { classNames } from './class-names.ts';

/** Full width, at most the xl screen size, wider padding on large screens (spec section 9). */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={classNames('mx-auto w-full max-w-7xl px-4 lg:px-8', className)} {...props} />;
}
