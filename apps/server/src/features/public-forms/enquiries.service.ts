import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-error.ts';
import { changedFields, recordAudit } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/password.ts';
import type { PasswordResetService } from '../users/password-reset.service.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  type ContactMessageRow,
  countNewEnquiries,
  findContactMessage,
  findLenderInterest,
  isAdminId,
  type LenderInterestRow,
  type ListedContactMessage,
  type ListedLenderInterest,
  listContactMessages,
  listLenderInterest,
  lockContactMessage,
  lockLenderInterest,
  updateContactMessageRow,
  updateLenderInterestRow,
} from './public-forms.repo.ts';

type EnquiryStatus = ContactMessageRow['status'];

export interface EnquiryUpdate {
  readonly status?: EnquiryStatus | undefined;
  readonly assignee_id?: number | null | undefined;
  readonly notes?: string | null | undefined;
}

export interface EnquiryPageRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly status?: EnquiryStatus | undefined;
}

/** An invitation link lives 7 days: the person may not read it the day it is sent (docs/back-office.md). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function handlingOf(row: ContactMessageRow | LenderInterestRow) {
  return { status: row.status, assignee_id: row.assigneeId, notes: row.notes };
}

/**
 * The Enquiries inbox (issue 18): contact messages and lender sign-ups with a status, an assignee and
 * notes, every change audited; a lender sign-up becomes an account by invitation.
 */
export function createEnquiriesService(deps: {
  db: Db;
  clock: Clock;
  users: Pick<UsersService, 'createUser'>;
  passwordResets: Pick<PasswordResetService, 'issueLinkIn'>;
}) {
  const { db, clock } = deps;

  async function checkedValues(tx: DbOrTx, update: EnquiryUpdate) {
    if (update.assignee_id !== undefined && update.assignee_id !== null) {
      if (!(await isAdminId(tx, update.assignee_id))) {
        throw new InvalidInputError('ASSIGNEE_NOT_ADMIN', 'Invalid enquiry update', {
          assignee_id: ['Enquiries can be assigned to admins only'],
        });
      }
    }
    return {
      ...(update.status !== undefined ? { status: update.status } : {}),
      ...(update.assignee_id !== undefined ? { assigneeId: update.assignee_id } : {}),
      ...(update.notes !== undefined ? { notes: update.notes || null } : {}),
      updatedAt: clock.now(),
    };
  }

  async function audit(
    tx: DbOrTx,
    actorId: number,
    entityId: string,
    before: LenderInterestRow | ContactMessageRow,
    after: LenderInterestRow | ContactMessageRow,
  ) {
    const [was, is] = changedFields(handlingOf(before), handlingOf(after));
    if (Object.keys(is).length === 0) return;
    await recordAudit(tx, {
      actorId,
      action: 'enquiry.updated',
      entityType: 'enquiry',
      entityId,
      before: was,
      after: is,
      at: clock.now(),
    });
  }

  return {
    listContactMessages({ page, pageSize, status }: EnquiryPageRequest) {
      return listContactMessages(db, { limit: pageSize, offset: (page - 1) * pageSize, status });
    },

    listLenderInterest({ page, pageSize, status }: EnquiryPageRequest) {
      return listLenderInterest(db, { limit: pageSize, offset: (page - 1) * pageSize, status });
    },

    async counts() {
      const { contact, lender } = await countNewEnquiries(db);
      return { contact, lender, total: contact + lender };
    },

    async updateContactMessage(
      id: number,
      update: EnquiryUpdate,
      actorId: number,
    ): Promise<ListedContactMessage> {
      await db.transaction(async (tx) => {
        const before = await lockContactMessage(tx, id);
        if (!before) throw new NotFoundError('ENQUIRY_NOT_FOUND', 'Enquiry not found');
        const values = await checkedValues(tx, update);
        await updateContactMessageRow(tx, id, values);
        await audit(tx, actorId, `contact:${id}`, before, { ...before, ...values });
      });
      const row = await findContactMessage(db, id);
      if (!row) throw new NotFoundError('ENQUIRY_NOT_FOUND', 'Enquiry not found');
      return row;
    },

    async updateLenderInterest(
      id: number,
      update: EnquiryUpdate,
      actorId: number,
    ): Promise<ListedLenderInterest> {
      await db.transaction(async (tx) => {
        const before = await lockLenderInterest(tx, id);
        if (!before) throw new NotFoundError('ENQUIRY_NOT_FOUND', 'Enquiry not found');
        const values = await checkedValues(tx, update);
        await updateLenderInterestRow(tx, id, values);
        await audit(tx, actorId, `lender:${id}`, before, { ...before, ...values });
      });
      const row = await findLenderInterest(db, id);
      if (!row) throw new NotFoundError('ENQUIRY_NOT_FOUND', 'Enquiry not found');
      return row;
    },

    /**
     * One unit of work: the lender account (Active, a random password nobody knows, the phone still
     * to confirm by SMS like a self-registered one), its one-time link to choose a password, the
     * sign-up marked invited and in progress, and the audit row. A second invitation is a 409.
     */
    async inviteLender(id: number, actorId: number) {
      // Slow on purpose, so hashed before the transaction takes its connection.
      const password = randomBytes(24).toString('base64url');
      const passwordHash = await hashPassword(password);
      const outcome = await db.transaction(async (tx) => {
        const enquiry = await lockLenderInterest(tx, id);
        if (!enquiry) throw new NotFoundError('ENQUIRY_NOT_FOUND', 'Enquiry not found');
        if (enquiry.invitedUserId !== null) {
          throw new ConflictError('ALREADY_INVITED', 'This lender has already been invited');
        }
        const user = await deps.users.createUser(
          {
            email: enquiry.email,
            name: enquiry.name,
            password,
            role: 'lender',
            phoneNumber: enquiry.phoneNumber,
            selfRegistered: true,
          },
          { tx, passwordHash },
        );
        const link = await deps.passwordResets.issueLinkIn(tx, actorId, user.id, INVITATION_TTL_MS);
        const now = clock.now();
        const status = enquiry.status === 'NEW' ? 'IN_PROGRESS' : enquiry.status;
        await updateLenderInterestRow(tx, id, {
          invitedUserId: user.id,
          invitedAt: now,
          status,
          updatedAt: now,
        });
        await recordAudit(tx, {
          actorId,
          action: 'enquiry.invited',
          entityType: 'enquiry',
          entityId: `lender:${id}`,
          before: { status: enquiry.status, invited_user_id: null },
          after: { status, invited_user_id: user.id, email: enquiry.email },
          at: now,
        });
        return { userId: user.id, ...link };
      });
      const enquiry = await findLenderInterest(db, id);
      if (!enquiry) throw new NotFoundError('ENQUIRY_NOT_FOUND', 'Enquiry not found');
      return { enquiry, ...outcome };
    },
  };
}
export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
