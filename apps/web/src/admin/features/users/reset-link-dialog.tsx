import { formatKampalaDateTime } from '@sente/contract';
import { Button } from '../../../ui/button.tsx';
import { CopyLinkField } from '../../../ui/copy-link-field.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

export interface ResetLinkDialogProps {
  readonly link: { readonly reset_url: string; readonly expires_at: string } | null;
  readonly userName: string;
  readonly onClose: () => void;
}

/** Shows the one-time reset link with a copy button (decisions.md: a real reset, valid 24 hours). */
export function ResetLinkDialog({ link, userName, onClose }: ResetLinkDialogProps) {
  return (
    <Dialog
      isOpen={link !== null}
      title="Password reset link"
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {link ? (
        <div className="flex flex-col gap-3">
          <p>
            Send this link to {userName}. It works once and expires on{' '}
            {formatKampalaDateTime(link.expires_at)}. Any earlier link no longer works.
          </p>
          <CopyLinkField key={link.reset_url} label="Reset link" url={link.reset_url} />
        </div>
      ) : null}
    </Dialog>
  );
}
