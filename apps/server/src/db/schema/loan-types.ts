import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const interestType = pgEnum('interest_type', ['FLAT', 'COMPOUND']);
export const loanTypeStatus = pgEnum('loan_type_status', ['ACTIVE', 'INACTIVE']);

/** A lending product: amount range, monthly rate (percent, at most the legal cap) and interest type. */
export const loanTypes = pgTable(
  'loan_types',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    minAmount: bigint({ mode: 'number' }).notNull(),
    maxAmount: bigint({ mode: 'number' }).notNull(),
    /** Percent per month, "2.80". */
    interestRate: numeric({ precision: 5, scale: 2 }).notNull(),
    interestType: interestType().notNull().default('FLAT'),
    appraisalTime: text().notNull(),
    status: loanTypeStatus().notNull().default('ACTIVE'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loan_types_name_key').on(sql`lower(${t.name})`),
    check('loan_types_amount_range', sql`${t.minAmount} > 0 and ${t.minAmount} < ${t.maxAmount}`),
    check('loan_types_rate_positive', sql`${t.interestRate} > 0`),
  ],
);
