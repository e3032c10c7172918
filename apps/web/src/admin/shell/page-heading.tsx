import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The page's one h1, which also names the browser tab. */
export function PageHeading({ title }: { readonly title: string }) {
  useDocumentTitle(title);
  return <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>;
}
