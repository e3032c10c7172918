import type { LegalDocument } from '../content/legal.ts';

/** A static legal text: effective date, introduction and numbered sections with their own anchors. */
export function LegalDocumentView({ document }: { readonly document: LegalDocument }) {
  return (
    <div className="flex max-w-3xl flex-col gap-8 text-slate-700 dark:text-slate-300">
      <p className="font-semibold text-slate-900 dark:text-white">
        Effective date: <time dateTime={document.effectiveDateIso}>{document.effectiveDate}</time>
      </p>
      <p>{document.intro}</p>
      <nav aria-label="Contents">
        <ol className="list-decimal pl-5">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-8 items-center text-emerald-800 underline dark:text-emerald-300"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, position) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className="text-xl font-bold text-slate-900 dark:text-white">
            {position + 1}. {section.title}
          </h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-2">
              {paragraph}
            </p>
          ))}
          {section.items ? (
            <ul className="mt-2 list-disc pl-5">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
