import { formatRate, type LoanTypeBody, toRateString } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-error.ts';
import { changedFields, recordAudit } from '../audit/audit.service.ts';
import {
  deleteLoanType,
  findLoanTypeById,
  findLoanTypeByName,
  insertLoanType,
  isLoanTypeInUse,
  type LoanTypeRow,
  listLoanTypes,
  lockLoanType,
  updateLoanType,
} from './loan-types.repo.ts';

/** Composed into other features' reads (a lender's auto-invest rule names loan types). */
export { findExistingLoanTypeIds } from './loan-types.repo.ts';

export interface LoanTypeInput {
  readonly loan_type_name: string;
  readonly min_amount: number;
  readonly max_amount: number;
  /** Basis points of percent per month. */
  readonly interest_rate: number;
  readonly interest_type: LoanTypeRow['interestType'];
  readonly appraisal_time: string;
  readonly status: LoanTypeRow['status'];
}

/** A loan type's fields as the audit log keeps them (wire names). */
function auditedFields(row: LoanTypeRow): Record<string, unknown> {
  return {
    loan_type_name: row.name,
    min_amount: row.minAmount,
    max_amount: row.maxAmount,
    interest_rate: row.interestRate,
    interest_type: row.interestType,
    appraisal_time: row.appraisalTime,
    status: row.status,
  };
}

export function createLoanTypesService({
  db,
  clock,
  maxMonthlyRateBasisPoints,
}: {
  db: Db;
  clock: Clock;
  maxMonthlyRateBasisPoints: number;
}) {
  function checked(input: LoanTypeBody | LoanTypeInput) {
    // Legal cap for money lenders, 2.8% per month (decisions.md, Lending rules; MAX_MONTHLY_RATE).
    if (input.interest_rate > maxMonthlyRateBasisPoints) {
      throw new InvalidInputError('RATE_ABOVE_LEGAL_CAP', 'Invalid loan type', {
        interest_rate: [
          `The interest rate may not exceed the legal cap of ${formatRate(maxMonthlyRateBasisPoints)}`,
        ],
      });
    }
    return {
      name: input.loan_type_name.trim(),
      minAmount: input.min_amount,
      maxAmount: input.max_amount,
      interestRate: toRateString(input.interest_rate),
      interestType: input.interest_type,
      appraisalTime: input.appraisal_time.trim(),
      status: input.status,
    };
  }

  async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number): Promise<void> {
    const existing = await findLoanTypeByName(tx, name);
    if (existing && existing.id !== exceptId) {
      throw new ConflictError('LOAN_TYPE_NAME_TAKEN', `A loan type named "${existing.name}" already exists`);
    }
  }

  return {
    async list(filter: { status?: LoanTypeRow['status'] | undefined; limit: number; offset: number }) {
      return listLoanTypes(db, filter);
    },

    find(id: number): Promise<LoanTypeRow | undefined> {
      return findLoanTypeById(db, id);
    },

    async get(id: number): Promise<LoanTypeRow> {
      const row = await findLoanTypeById(db, id);
      if (!row) throw new NotFoundError('LOAN_TYPE_NOT_FOUND', 'Loan type not found');
      return row;
    },

    /** `actorId`: the admin who makes the change (null for the system's own seed), for the audit log. */
    async create(input: LoanTypeBody | LoanTypeInput, actorId: number | null = null): Promise<LoanTypeRow> {
      const values = checked(input);
      return db.transaction(async (tx) => {
        await assertNameFree(tx, values.name);
        const now = clock.now();
        const row = await insertLoanType(tx, { ...values, createdAt: now, updatedAt: now });
        if (!row)
          throw new ConflictError(
            'LOAN_TYPE_NAME_TAKEN',
            `A loan type named "${values.name}" already exists`,
          );
        await recordAudit(tx, {
          actorId,
          action: 'loan_type.created',
          entityType: 'loan_type',
          entityId: row.id,
          after: auditedFields(row),
          at: now,
        });
        return row;
      });
    },

    async update(id: number, input: LoanTypeBody | LoanTypeInput, actorId: number | null = null) {
      const values = checked(input);
      return db.transaction(async (tx): Promise<LoanTypeRow> => {
        const before = await lockLoanType(tx, id);
        if (!before) throw new NotFoundError('LOAN_TYPE_NOT_FOUND', 'Loan type not found');
        await assertNameFree(tx, values.name, id);
        const now = clock.now();
        const row = await updateLoanType(tx, id, { ...values, updatedAt: now });
        if (!row) throw new NotFoundError('LOAN_TYPE_NOT_FOUND', 'Loan type not found');
        const [was, is] = changedFields(auditedFields(before), auditedFields(row));
        await recordAudit(tx, {
          actorId,
          action: 'loan_type.updated',
          entityType: 'loan_type',
          entityId: id,
          before: was,
          after: is,
          at: now,
        });
        return row;
      });
    },

    async remove(id: number, actorId: number | null = null): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockLoanType(tx, id);
        if (!before) throw new NotFoundError('LOAN_TYPE_NOT_FOUND', 'Loan type not found');
        if (await isLoanTypeInUse(tx, id)) {
          throw new ConflictError(
            'LOAN_TYPE_IN_USE',
            'This loan type is used by applications or loans and cannot be deleted. Set it to Inactive instead.',
          );
        }
        await deleteLoanType(tx, id);
        await recordAudit(tx, {
          actorId,
          action: 'loan_type.deleted',
          entityType: 'loan_type',
          entityId: id,
          before: auditedFields(before),
          at: clock.now(),
        });
      });
    },
  };
}
export type LoanTypesService = ReturnType<typeof createLoanTypesService>;
