import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { classNames } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';
import type { Testimonial } from '../content/testimonials.ts';

const ROTATE_EVERY_MS = 7000;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Success stories, one at a time, moving on every 7 s. It can be paused (WCAG 2.2.2); it pauses
 * itself while the pointer or keyboard focus is inside, and never starts for reduced motion.
 */
export function TestimonialCarousel({ testimonials }: { readonly testimonials: readonly Testimonial[] }) {
  const [index, setIndex] = useState(0);
  const [isPlaying, setPlaying] = useState(false);
  const [isHeld, setHeld] = useState(false);
  const baseId = useId();
  const count = testimonials.length;

  useEffect(() => setPlaying(!prefersReducedMotion()), []);
  useEffect(() => {
    if (!isPlaying || isHeld || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), ROTATE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [isPlaying, isHeld, count]);

  const show = (next: number) => setIndex((next + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Success stories"
      className="flex flex-col gap-4"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setPlaying((playing) => !playing)}
          aria-label={isPlaying ? 'Pause the success stories' : 'Play the success stories'}
        >
          {isPlaying ? <Icon name="pause" className="size-4" /> : <Icon name="play" className="size-4" />}
          {isPlaying ? 'Pause' : 'Play'}
        </Button>
        <Button variant="ghost" size="icon" onClick={() => show(index - 1)} aria-label="Previous story">
          <Icon name="chevronLeft" />
        </Button>
        <Button variant="ghost" size="icon" onClick={() => show(index + 1)} aria-label="Next story">
          <Icon name="chevronRight" />
        </Button>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Story {index + 1} of {count}
        </p>
      </div>
      <div aria-live={isPlaying && !isHeld ? 'off' : 'polite'}>
        {testimonials.map((story, position) => (
          <figure
            key={story.name}
            id={`${baseId}-${position}`}
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            hidden={position !== index}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-700 dark:bg-slate-900"
          >
            <blockquote className="text-lg text-slate-800 sm:text-xl dark:text-slate-100">
              <p>“{story.quote}”</p>
            </blockquote>
            <figcaption className="mt-4 flex flex-col gap-1">
              <span className="font-semibold text-slate-900 dark:text-white">{story.name}</span>
              <span className="text-sm text-slate-700 dark:text-slate-300">
                {story.business}, {story.location} · {story.product}
              </span>
              <span className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
                {story.result}
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
      <fieldset className="flex gap-1">
        <legend className="sr-only">Choose a story</legend>
        {testimonials.map((story, position) => (
          <button
            key={story.name}
            type="button"
            aria-label={`Story ${position + 1}: ${story.name}`}
            aria-current={position === index ? 'true' : undefined}
            aria-controls={`${baseId}-${position}`}
            onClick={() => show(position)}
            className="group inline-flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            <span
              aria-hidden="true"
              className={classNames(
                'size-2.5 rounded-full',
                position === index ? 'bg-emerald-700 dark:bg-emerald-400' : 'bg-slate-400 dark:bg-slate-500',
              )}
            />
          </button>
        ))}
      </fieldset>
    </section>
  );
}
