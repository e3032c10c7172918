DROP INDEX "loans_status_due_idx";--> statement-breakpoint
CREATE INDEX "loans_amount_idx" ON "loans" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "loans_status_amount_idx" ON "loans" USING btree ("status","amount","id");--> statement-breakpoint
CREATE INDEX "loans_next_due_idx" ON "loans" USING btree ("oldest_unpaid_due_date","id");--> statement-breakpoint
CREATE INDEX "loans_next_due_desc_idx" ON "loans" USING btree ("oldest_unpaid_due_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loans_status_next_due_desc_idx" ON "loans" USING btree ("status","oldest_unpaid_due_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loans_ref_pattern_idx" ON "loans" USING btree ("loan_ref" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "loans_owed_idx" ON "loans" USING btree (("total_payable" - "total_payments"),"id") WHERE "loans"."status" <> 'FULLY_PAID';--> statement-breakpoint
CREATE INDEX "loans_status_due_idx" ON "loans" USING btree ("status","oldest_unpaid_due_date","id");--> statement-breakpoint
-- Hand-written (issue 18): a paid-out loan's transaction names the loan by its reference, as new
-- payouts do from now on (lending/settle-disbursement.ts); payouts that made no loan keep the application.
UPDATE "platform_transactions" AS pt
SET "description" = 'Loan disbursement of ' || l."loan_ref" || ' to ' || pt."phone_number"
FROM "loans" AS l
WHERE l."id" = pt."loan_id"
  AND pt."type" = 'DISBURSEMENT'
  AND pt."description" LIKE 'Loan disbursement for application #%';
