import { type CSSProperties, type ElementType, type ReactNode, useEffect, useRef } from 'react';
import { observeReveal } from './reveal-observer.ts';

export type RevealAnimation = 'fadeUp' | 'fadeDown' | 'fadeLeft' | 'fadeRight' | 'scaleUp';

export interface RevealProps {
  readonly children: ReactNode;
  /** Spec section 4: fadeUp unless told otherwise. */
  readonly animation?: RevealAnimation;
  /** Steps of 0.2 s (spec section 9: delay × 0.2 s). */
  readonly delay?: number;
  readonly as?: ElementType;
  readonly className?: string;
}

/**
 * Fades or slides its content in once, the first time it enters the viewport: 0.2 s, ease-out
 * (index.css). Content is always in the prerendered HTML and visible without JavaScript; only blocks
 * still below the fold when the page hydrates are hidden and then revealed, so nothing on screen
 * blinks, and the largest paint never waits for a script. Reduced motion: nothing moves.
 */
export function Reveal({
  children,
  animation = 'fadeUp',
  delay = 0,
  as: Tag = 'div',
  className,
}: RevealProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    return element ? observeReveal(element) : undefined;
  }, []);
  const style = { '--reveal-delay': `${delay * 0.2}s` } as CSSProperties;
  return (
    <Tag ref={ref} data-reveal={animation} className={className} style={style}>
      {children}
    </Tag>
  );
}
