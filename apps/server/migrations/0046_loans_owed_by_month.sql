-- Collections' 90+ bucket by remaining balance walked loans_owed_idx from the smallest balance: the
-- loans near their end, rarely 90 days late, so its first page passed 29,961 index entries for ten
-- rows at a million users (p99 193 ms; docs/scale.md, "The 90+ bucket by balance, month by month").
-- Keyed by the month of the oldest unpaid due date first, a bucket that ends before this month is
-- read month by month, each month's first loans by balance, and merged (loan-reads.repo.ts). The
-- included columns are loans_owed_idx's: each month's read is index-only and tests the due date in
-- the index tuple. Drizzle's index builder has no INCLUDE, so schema/loans.ts declares the keys.
CREATE INDEX "loans_owed_by_month_idx" ON "loans" USING btree (date_trunc('month', "oldest_unpaid_due_date"::timestamp),("total_payable" - "total_payments"),"id") INCLUDE ("oldest_unpaid_due_date","total_payable","total_payments") WHERE "loans"."status" <> 'FULLY_PAID';
