-- All transactions filtered by status and type (the operator's "completed repayments") walk one of
-- the two indexes newest first and test the other column in each row: at a million users the
-- newest 3,305 completed transactions held 20 repayments, each skipped one a heap read (3.5 ms a
-- page warm, 223 ms cold; docs/scale.md). With the other column in the index, the page's ids come
-- from an index-only scan that tests it in the index tuple (0.7 ms). Drizzle's index builder has no
-- INCLUDE, so schema/payments.ts declares the keys and this migration the included columns.
DROP INDEX "platform_transactions_status_created_idx";--> statement-breakpoint
CREATE INDEX "platform_transactions_status_created_idx" ON "platform_transactions" USING btree ("status","created_at","id") INCLUDE ("type");--> statement-breakpoint
DROP INDEX "platform_transactions_type_created_idx";--> statement-breakpoint
CREATE INDEX "platform_transactions_type_created_idx" ON "platform_transactions" USING btree ("type","created_at","id") INCLUDE ("status");
