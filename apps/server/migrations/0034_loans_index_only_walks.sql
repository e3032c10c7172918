-- Two loans worklist pages walk an index and keep the rows a second condition allows (docs/scale.md
-- "Index-only walks"): the loans 1–30 days in arrears, newest first, walk loans_opening_date_idx
-- past the newest loans, which are not yet due; Collections' 90+ bucket by remaining balance walks
-- loans_owed_idx past the smallest balances, which are rarely that late. Each skipped loan was a
-- heap read (33,000 and 30,000 of them a page at a million users). With the due date (and for the
-- owed index the two columns of its expression) in the index, the page's ids come from an
-- index-only scan that tests the due date in the index tuple. Drizzle's index builder has no
-- INCLUDE, so schema/loans.ts declares the keys and this migration the included columns.
DROP INDEX "loans_opening_date_idx";--> statement-breakpoint
CREATE INDEX "loans_opening_date_idx" ON "loans" USING btree ("opening_date","id") INCLUDE ("oldest_unpaid_due_date");--> statement-breakpoint
DROP INDEX "loans_owed_idx";--> statement-breakpoint
CREATE INDEX "loans_owed_idx" ON "loans" USING btree (("total_payable" - "total_payments"),"id") INCLUDE ("oldest_unpaid_due_date","total_payable","total_payments") WHERE "loans"."status" <> 'FULLY_PAID';
