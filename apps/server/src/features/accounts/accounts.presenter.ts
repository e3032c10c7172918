import type { MyData } from '@sente/contract';
import type { AccountsService } from './accounts.service.ts';

type Row = Record<string, unknown>;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row as the API speaks: snake_case keys, times as ISO strings. */
function toRecord(row: object): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      snake(key),
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

export function toMyDataDto(data: Awaited<ReturnType<AccountsService['myData']>>['data'], at: Date): MyData {
  return {
    exported_at: at.toISOString(),
    account: toRecord(data.account),
    kyc: data.kyc ? toRecord(data.kyc) : null,
    applications: data.applications.map(toRecord),
    documents: data.documents.map(toRecord),
    loans: data.loans.map(toRecord),
    repayments: data.repayments.map(toRecord),
    transactions: data.transactions.map(toRecord),
    notifications: data.notifications.map(toRecord),
    lender: data.lender
      ? {
          profile: data.lender.profile ? toRecord(data.lender.profile) : null,
          auto_invest: data.lender.autoInvest ? toRecord(data.lender.autoInvest) : null,
          bids: data.lender.bids.map(toRecord),
          participations: data.lender.participations.map(toRecord),
        }
      : null,
  };
}
