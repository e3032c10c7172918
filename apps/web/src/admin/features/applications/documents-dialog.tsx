import { formatKampalaDateTime } from '@sente/contract';
import { Download, ExternalLink } from 'lucide-react';
import { serverReason } from '../../../lib/api-error-message.ts';
import { buttonClassName } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { ErrorBanner } from '../../../ui/error-banner.tsx';
import { APPLICATION_MESSAGES, documentLabel } from './application-messages.ts';
import { useApplicationDocuments } from './use-applications.ts';

interface DocumentItem {
  readonly id: number;
  readonly document_type: string;
  readonly file: string;
  readonly file_name: string;
  readonly content_type?: string;
  readonly uploaded_at: string;
}

/** The signed URL as given (a trailing "?" dropped), and the same URL asking for a download. */
export function documentUrls(file: string): { view: string; download: string } {
  const view = file.replace(/\?$/, '');
  const url = new URL(view, window.location.origin);
  url.searchParams.set('download', '1');
  const download = url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
  return { view, download };
}

function isPdf(document: DocumentItem): boolean {
  return document.content_type === 'application/pdf' || /\.pdf$/i.test(document.file_name);
}

function DocumentCard({ document }: { readonly document: DocumentItem }) {
  const label = documentLabel(document.document_type);
  const { view, download } = documentUrls(document.file);
  const pdf = isPdf(document);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{label}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Uploaded {formatKampalaDateTime(document.uploaded_at)}
        </p>
      </div>
      <p className="text-sm break-all text-slate-600 dark:text-slate-300">{document.file_name}</p>
      {pdf ? (
        // The browser's own PDF viewer on a short-lived signed URL (decisions.md).
        <iframe
          src={view}
          title={`${label}: ${document.file_name}`}
          className="h-96 w-full rounded border border-slate-200 bg-white dark:border-slate-700"
        />
      ) : (
        <img
          src={view}
          alt={`${label}: ${document.file_name}`}
          className="max-h-96 w-full rounded object-contain"
        />
      )}
      <div className="flex flex-wrap gap-2">
        <a
          href={view}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName('secondary', 'sm')}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {pdf ? 'Open in New Tab' : 'View'}
          <span className="sr-only"> {label} (opens in a new tab)</span>
        </a>
        <a href={download} download={document.file_name} className={buttonClassName('secondary', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          {pdf ? 'Download PDF' : 'Download'}
          <span className="sr-only"> {label}</span>
        </a>
      </div>
    </li>
  );
}

export function DocumentsDialog({
  applicationId,
  applicant,
  onClose,
}: {
  readonly applicationId: number | null;
  /** Whose papers these are: "Nakato Sarah, Nakato Fresh Produce". */
  readonly applicant: string;
  readonly onClose: () => void;
}) {
  const documents = useApplicationDocuments(applicationId);
  // The contract fixes the { documents } shape (spec section 3 allowed a bare array too).
  const items: readonly DocumentItem[] = documents.data?.documents ?? [];
  return (
    <Dialog isOpen={applicationId !== null} title="Application Documents" onClose={onClose} size="xl">
      {/* The spec's title stays; the first line says whose papers these are (issue 18). */}
      <p className="mb-4 font-medium">{applicant}</p>
      {documents.isPending ? (
        <p role="status">{APPLICATION_MESSAGES.documentsLoading}</p>
      ) : documents.isError ? (
        <ErrorBanner
          message={APPLICATION_MESSAGES.documentsFailed}
          reason={serverReason(documents.error)}
          onRetry={() => void documents.refetch()}
        />
      ) : items.length === 0 ? (
        <p>{APPLICATION_MESSAGES.documentsEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {items.map((document) => (
            <DocumentCard key={document.id} document={document} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
