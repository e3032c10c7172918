import { useEnquiryCounts } from './use-enquiries.ts';

/** The sidebar's count of new enquiries beside "Enquiries"; nothing when there are none. */
export function EnquiriesBadge() {
  const counts = useEnquiryCounts();
  const figure = counts.data?.total_new ?? 0;
  if (figure === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      {figure}
      <span className="sr-only"> new</span>
    </span>
  );
}
