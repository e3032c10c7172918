import { type DocumentType, formatKampalaDateTime } from '@sente/contract';
import { Camera, CheckCircle2, FileUp } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button, buttonClassName } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { classNames } from '../../../ui/class-names.ts';
import { OFFLINE_MESSAGE } from '../../session/failure.ts';
import { DOCUMENT_TYPES } from './document-types.ts';
import { type UploadState, useUploads } from './use-uploads.ts';

const ACCEPT = 'image/*,application/pdf';
const pickerClass = classNames(
  buttonClassName('secondary', 'sm'),
  'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600',
);

function FilePickers({
  label,
  isBusy,
  onFile,
}: {
  readonly label: string;
  readonly isBusy: boolean;
  readonly onFile: (file: File) => void;
}) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <label className={pickerClass} htmlFor={`${id}-camera`}>
        <Camera aria-hidden="true" className="size-4" />
        Take a photo
        <span className="sr-only"> of your {label}</span>
        <input
          id={`${id}-camera`}
          type="file"
          accept={ACCEPT}
          capture="environment"
          className="sr-only"
          disabled={isBusy}
          onChange={onChange}
        />
      </label>
      <label className={pickerClass} htmlFor={`${id}-file`}>
        <FileUp aria-hidden="true" className="size-4" />
        Choose a file
        <span className="sr-only"> for your {label}</span>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          disabled={isBusy}
          onChange={onChange}
        />
      </label>
    </div>
  );
}

const sentClass = 'flex items-center gap-1.5 text-sm text-emerald-800 dark:text-emerald-300';

function UploadStatus({
  label,
  state,
  isOnFile,
  onRetry,
  onCancel,
}: {
  readonly label: string;
  readonly state: UploadState;
  /** Sente already has one of this type (sent from this phone or another). */
  readonly isOnFile: boolean;
  readonly onRetry: (file: File) => void;
  readonly onCancel: () => void;
}) {
  switch (state.state) {
    case 'idle':
      return isOnFile ? (
        <p className={sentClass}>
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          On file with Sente. You can send another if it has changed.
        </p>
      ) : null;
    case 'preparing':
      return <p className="text-sm">Preparing the photo...</p>;
    case 'uploading': {
      const percent = Math.round(state.progress * 100);
      return (
        <div className="flex items-center gap-3">
          <progress
            className="h-2 flex-1 accent-emerald-700"
            max={100}
            value={percent}
            aria-label={`Uploading ${label}`}
          />
          <span className="text-sm tabular-nums" aria-hidden="true">
            {percent}%
          </span>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      );
    }
    case 'done':
      return (
        <p className={sentClass}>
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          Sent: {state.fileName}, {formatKampalaDateTime(state.uploadedAt)}
        </p>
      );
    case 'failed':
      return (
        <div className="flex flex-col items-start gap-2">
          <ErrorAlert>
            {state.failure.status === 0 && state.failure.message !== OFFLINE_MESSAGE
              ? `${label} may not have arrived: Sente did not answer. Please try again.`
              : `${label} was not sent. ${state.failure.message}`}
          </ErrorAlert>
          {state.file ? (
            <Button variant="secondary" size="sm" onClick={() => state.file && onRetry(state.file)}>
              Try again
            </Button>
          ) : null}
        </div>
      );
  }
}

/** The six documents, each from the camera or a file, with progress, cancel and retry. */
export function DocumentsSection({
  applicationId,
  received,
  onFile,
}: {
  readonly applicationId: number;
  readonly received: number;
  readonly onFile: readonly DocumentType[];
}) {
  const { uploads, upload, cancel } = useUploads(applicationId);
  return (
    <section aria-labelledby="documents-title" id="documents" className="flex flex-col gap-3">
      <h2 id="documents-title" className="text-lg font-bold">
        Documents
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        Sente has {received === 1 ? '1 document' : `${received} documents`} for this application. Send at
        least your National ID, one business registration document (trade license, certificate of
        incorporation or URA registration) and your bank or cash-flow statements. Photos or PDFs, up to 10 MB
        each.
      </p>
      <ul className="flex flex-col gap-3">
        {DOCUMENT_TYPES.map(({ type, label, hint }) => {
          const state = uploads[type] ?? { state: 'idle' };
          const isBusy = state.state === 'uploading' || state.state === 'preparing';
          return (
            <li key={type}>
              <Card className="flex flex-col gap-2 p-4" aria-busy={isBusy}>
                <h3 className="font-semibold">{label}</h3>
                <p className="text-sm text-slate-700 dark:text-slate-300">{hint}</p>
                <div aria-live="polite">
                  <UploadStatus
                    label={label}
                    state={state}
                    isOnFile={onFile.includes(type)}
                    onRetry={(file) => void upload(type, file)}
                    onCancel={() => cancel(type)}
                  />
                </div>
                {isBusy ? null : (
                  <FilePickers label={label} isBusy={isBusy} onFile={(file) => void upload(type, file)} />
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
