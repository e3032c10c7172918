import { Link, type LinkProps } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClassName } from './button.tsx';
import { classNames } from './class-names.ts';

export interface ButtonLinkProps extends LinkProps {
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
}

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={classNames(buttonClassName(variant, size), className)} {...props} />;
}
