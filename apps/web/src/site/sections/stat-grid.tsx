import type { Stat } from '../content/impact.ts';

export function StatGrid({ stats }: { readonly stats: readonly Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse gap-1 rounded-2xl bg-emerald-800 p-5 text-white dark:bg-emerald-950"
        >
          <dt className="text-sm text-emerald-50">{stat.label}</dt>
          <dd className="text-3xl font-bold">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
