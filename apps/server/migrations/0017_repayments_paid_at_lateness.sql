DROP INDEX "loan_repayments_paid_at_idx";--> statement-breakpoint
CREATE INDEX "loan_repayments_paid_at_idx" ON "loan_repayments" USING btree ("paid_at","id","days_late_at_payment");