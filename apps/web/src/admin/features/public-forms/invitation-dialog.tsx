import { formatKampalaDateTime } from '@sente/contract';
import { Button } from '../../../ui/button.tsx';
import { CopyLinkField } from '../../../ui/copy-link-field.tsx';
import { Dialog } from '../../../ui/dialog.tsx';

export interface Invitation {
  readonly name: string;
  readonly email: string;
  readonly url: string;
  readonly expiresAt: string;
}

/** The invitation link, shown once, with a copy button: the admin sends it to the new lender. */
export function InvitationDialog({
  invitation,
  onClose,
}: {
  readonly invitation: Invitation | null;
  readonly onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={invitation !== null}
      title="Lender invited"
      onClose={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {invitation ? (
        <div className="flex flex-col gap-3">
          <p>
            {invitation.name}'s lender account ({invitation.email}) is created. Send them this link to choose
            a password; it works once and expires on {formatKampalaDateTime(invitation.expiresAt)}.
          </p>
          <CopyLinkField key={invitation.url} label="Invitation link" url={invitation.url} />
        </div>
      ) : null}
    </Dialog>
  );
}
