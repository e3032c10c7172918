/** A value of the log as one short line: text as is, anything else as JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

/** What an entry changed: each field with its value before and after ("status: Active → Inactive"). */
export function AuditChanges({
  before,
  after,
}: {
  readonly before: Record<string, unknown> | null;
  readonly after: Record<string, unknown> | null;
}) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <span className="text-slate-600 dark:text-slate-300">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      {fields.map((field) => (
        <div key={field} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{field}</dt>
          <dd className="break-words text-slate-900 dark:text-slate-100">
            {before && field in before ? (
              <>
                <span className="line-through decoration-slate-400">{shown(before[field])}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> changed to </span>
              </>
            ) : null}
            {after && field in after ? shown(after[field]) : before && field in before ? '(removed)' : ''}
          </dd>
        </div>
      ))}
    </dl>
  );
}
