/**
 * Everything Sente holds about one user, read for the user's own download (Uganda's Data Protection
 * and Privacy Act, 2019, gives the right of access). Rows are read whole on purpose: the point is
 * that nothing is left out. Secrets are the exception: password and code hashes never leave.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applicationDocuments,
  applications,
  autoInvestRules,
  bids,
  lenderProfiles,
  loanRepayments,
  loans,
  notifications,
  participations,
  paymentNumbers,
  platformTransactions,
  userKyc,
  users,
} from '../../db/schema/index.ts';

export async function readMyData(db: DbOrTx, userId: number) {
  // A closed account's data is not handed to a token its guard has not yet refused.
  const [account] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!account) return undefined;
  const { passwordHash: _secret, searchText: _derived, ...safeAccount } = account;
  const [kyc] = await db.select().from(userKyc).where(eq(userKyc.userId, userId));
  // The added mobile-money number is theirs too; the hash of a code waiting is a secret.
  const [added] = await db
    .select({
      phoneNumber: paymentNumbers.phoneNumber,
      confirmedAt: paymentNumbers.confirmedAt,
    })
    .from(paymentNumbers)
    .where(eq(paymentNumbers.userId, userId));
  // The search texts are derived (business name and NIN; a copy of the account's own name, email
  // and phone) for the admin's search, not data of their own.
  const myApplications = (
    await db.select().from(applications).where(eq(applications.userId, userId)).orderBy(asc(applications.id))
  ).map(({ searchText: _derived, borrowerSearchText: _copy, ...application }) => application);
  const applicationIds = myApplications.map((a) => a.id);
  const documents =
    applicationIds.length === 0
      ? []
      : (
          await db
            .select()
            .from(applicationDocuments)
            .where(inArray(applicationDocuments.applicationId, applicationIds))
            .orderBy(asc(applicationDocuments.id))
        ).map(({ storageKey: _where, ...document }) => document);
  const myLoans = (await db.select().from(loans).where(eq(loans.userId, userId)).orderBy(asc(loans.id))).map(
    ({ borrowerSearchText: _copy, ...loan }) => loan,
  );
  const loanIds = myLoans.map((l) => l.id);
  const repayments =
    loanIds.length === 0
      ? []
      : await db
          .select()
          .from(loanRepayments)
          .where(inArray(loanRepayments.loanId, loanIds))
          .orderBy(asc(loanRepayments.id));
  const transactions = await db
    .select()
    .from(platformTransactions)
    .where(eq(platformTransactions.userId, userId))
    .orderBy(asc(platformTransactions.id));
  const inbox = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
  const lender =
    account.role === 'lender'
      ? {
          profile:
            (await db.select().from(lenderProfiles).where(eq(lenderProfiles.userId, userId)))[0] ?? null,
          autoInvest:
            (await db.select().from(autoInvestRules).where(eq(autoInvestRules.userId, userId)))[0] ?? null,
          bids: await db.select().from(bids).where(eq(bids.lenderId, userId)).orderBy(asc(bids.id)),
          participations: await db
            .select()
            .from(participations)
            .where(eq(participations.lenderId, userId))
            .orderBy(asc(participations.id)),
        }
      : null;
  return {
    account: {
      ...safeAccount,
      addedMobileMoneyNumber: added?.phoneNumber ?? null,
      addedMobileMoneyNumberConfirmedAt: added?.confirmedAt ?? null,
    },
    kyc: kyc ?? null,
    applications: myApplications,
    documents,
    loans: myLoans,
    repayments,
    transactions,
    notifications: inbox,
    lender,
  };
}
