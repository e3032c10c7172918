import { type Ugx, ugx } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ConflictError } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type AccountCode, lenderInvested, lenderReserved, userWallet } from '../ledger/ledger-accounts.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { escapeLikePattern } from '../users/users.service.ts';
import {
  findLenderFacts,
  type LenderListFilter,
  type LenderListRow,
  listLenders,
  lockExistingLenderProfile,
  updateLenderProfile,
} from './lenders.repo.ts';
import { lenderAccountFacts } from './lenders.service.ts';

/** A lender as the back-office sees it: its verification and its money. */
export interface AdminLenderValue extends LenderListRow {
  /** Wallet money not reserved for bids. */
  readonly cashAvailable: Ugx;
  /** Held for live bids and accepted offers. */
  readonly cashReserved: Ugx;
  /** Principal lent out and not yet repaid. */
  readonly outstandingPrincipal: Ugx;
}

export interface LenderListRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly verified?: boolean | undefined;
  readonly search?: string | undefined;
}

/** Any part of a name or email, ignoring case; control characters never occur in either. */
function searchPattern(search: string | undefined): string | undefined {
  const term = search
    ?.replace(/\p{Cc}/gu, '')
    .trim()
    .toLowerCase();
  return term ? `%${escapeLikePattern(term)}%` : undefined;
}

/** The back-office's lenders: the list with money, and verification (decisions.md, lender). */
export function createLenderAdminService({
  db,
  clock,
  ledger,
  notifications,
  messages,
}: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  notifications: NotificationsService;
  messages: Pick<MessagesService, 'send'>;
}) {
  /** The page's money in one query: the lender accounts are liabilities, so their amounts are −balance. */
  async function withMoney(tx: DbOrTx, rows: LenderListRow[]): Promise<AdminLenderValue[]> {
    const codes = rows.flatMap((row) => [userWallet(row.id), lenderReserved(row.id), lenderInvested(row.id)]);
    const balances = await ledger.balancesOf(tx, codes);
    const owed = (code: AccountCode): Ugx => ugx(0 - (balances.get(code) ?? 0));
    return rows.map((row) => ({
      ...row,
      cashAvailable: owed(userWallet(row.id)),
      cashReserved: owed(lenderReserved(row.id)),
      outstandingPrincipal: owed(lenderInvested(row.id)),
    }));
  }

  async function list(tx: DbOrTx, filter: LenderListFilter, page: { limit: number; offset: number }) {
    const { count, rows } = await listLenders(tx, filter, page);
    return { count, rows: await withMoney(tx, rows) };
  }

  return {
    /** The verification queue (KYC and terms complete, not verified) first, then by name. */
    list(request: LenderListRequest): Promise<{ count: number; rows: AdminLenderValue[] }> {
      return list(
        db,
        { verified: request.verified, pattern: searchPattern(request.search) },
        { limit: request.pageSize, offset: (request.page - 1) * request.pageSize },
      );
    },

    /**
     * An admin's verification, once KYC and the current terms are complete; kept with its note, who
     * made it and when, and audited.
     */
    async verify(adminId: number, lenderId: number, note: string): Promise<AdminLenderValue> {
      return db.transaction(async (tx) => {
        const lender = await lenderAccountFacts(tx, lenderId);
        // Locked before the checks, so the lender cannot change its KYC while it is being verified.
        const profile = await lockExistingLenderProfile(tx, lenderId, 'update');
        const facts = (await findLenderFacts(tx, lenderId)) ?? lender;
        if (facts.verifiedAt)
          throw new ConflictError('LENDER_ALREADY_VERIFIED', 'This lender is already verified');
        if (!facts.kycComplete)
          throw new ConflictError('LENDER_KYC_INCOMPLETE', 'The lender has not completed its KYC details');
        if (!profile || !facts.termsAcceptedAt)
          throw new ConflictError(
            'LENDER_TERMS_NOT_ACCEPTED',
            'The lender has not accepted the lender terms',
          );
        const now = clock.now();
        await updateLenderProfile(tx, lenderId, {
          verifiedAt: now,
          verifiedById: adminId,
          verificationNote: note,
          updatedAt: now,
        });
        await recordAudit(tx, {
          actorId: adminId,
          action: 'lender.verified',
          entityType: 'user',
          entityId: lenderId,
          before: { verified_at: null },
          after: { verified_at: now.toISOString(), verified_by_id: adminId, verification_note: note },
          at: now,
        });
        // The lender has been waiting for this: its inbox says so in the same unit of work.
        await notifications.notify(tx, {
          userId: lenderId,
          kind: 'lender.verified',
          title: 'Your lender account is verified',
          message:
            'Sente has checked your details. You can now bid on the marketplace and set up auto-invest.',
        });
        await messages.send(tx, lenderId, 'lender.verified', { name: lender.name });
        const { rows } = await list(tx, { userId: lenderId }, { limit: 1, offset: 0 });
        const [row] = rows;
        if (!row) throw new Error(`verified lender ${lenderId} vanished`);
        return row;
      });
    },
  };
}
export type LenderAdminService = ReturnType<typeof createLenderAdminService>;
