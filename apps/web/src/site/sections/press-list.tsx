import { Icon } from '../../ui/icon.tsx';
import { pressMentions } from '../content/impact.ts';

export function PressList({ headingLevel = 3 }: { readonly headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {pressMentions.map((mention) => {
        const icon = mention.kind === 'Innovation award' ? 'award' : 'newspaper';
        return (
          <li
            key={mention.title}
            className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
          >
            <Icon name={icon} className="size-8 shrink-0 text-emerald-800 dark:text-emerald-300" />
            <div>
              <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">
                {mention.kind} · {mention.year}
              </p>
              <Heading className="font-semibold text-slate-900 dark:text-white">{mention.title}</Heading>
              <p className="text-sm text-slate-600 dark:text-slate-400">{mention.source}</p>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{mention.summary}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
