import { processSteps } from '../content/process.ts';
import { Reveal } from '../reveal/reveal.tsx';

/** The five steps of spec section 1, as an ordered list. */
export function ProcessSteps() {
  return (
    <ol className="grid gap-4 md:grid-cols-5">
      {processSteps.map((step, position) => (
        <Reveal
          as="li"
          key={step.title}
          delay={position}
          className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <span
            aria-hidden="true"
            className="inline-flex size-9 items-center justify-center rounded-full bg-emerald-700 font-bold text-white"
          >
            {position + 1}
          </span>
          <h3 className="font-semibold text-slate-900 dark:text-white">
            <span className="sr-only">Step {position + 1}: </span>
            {step.title}
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-300">{step.description}</p>
        </Reveal>
      ))}
    </ol>
  );
}
