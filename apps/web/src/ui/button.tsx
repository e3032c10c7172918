import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { classNames } from './class-names.ts';

export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'ghost'
  | 'inverse'
  | 'inverseOutline'
  | 'danger'
  | 'dangerOutline';
export type ButtonSize = 'md' | 'sm' | 'icon';

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:focus-visible:outline-emerald-400';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-emerald-700/60',
  secondary:
    'border border-emerald-700 text-emerald-800 hover:bg-emerald-50 dark:border-emerald-400 dark:text-emerald-300 dark:hover:bg-emerald-950',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  /** On a dark emerald band. */
  inverse: 'bg-white text-emerald-900 hover:bg-emerald-50',
  inverseOutline: 'border border-white text-white hover:bg-emerald-700 dark:hover:bg-emerald-900',
  /** Confirms something that cannot be taken back, or takes an account out of use (issue 18). */
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
  /** Opens the confirmation of such an action. */
  dangerOutline:
    'border border-red-700 text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 text-sm',
  sm: 'min-h-9 px-3 text-sm',
  /** Square 40 px target for a lone icon; the icon carries an aria-label on the button. */
  icon: 'size-10 shrink-0 p-0',
};

export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return classNames(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
    focusRing,
    variants[variant],
    sizes[size],
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={classNames(buttonClassName(variant, size), className)} {...props} />;
}

export interface ButtonAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  readonly href: string;
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
}

/**
 * A plain link styled as a button, for the public site: its pages are separate prerendered documents,
 * so a full page load is the navigation and no router is needed.
 */
export function ButtonAnchor({ variant, size, className, ...props }: ButtonAnchorProps) {
  return <a className={classNames(buttonClassName(variant, size), className)} {...props} />;
}
