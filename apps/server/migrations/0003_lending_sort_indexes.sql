DROP INDEX "applications_created_at_idx";--> statement-breakpoint
DROP INDEX "applications_status_created_at_idx";--> statement-breakpoint
DROP INDEX "loan_repayments_loan_idx";--> statement-breakpoint
DROP INDEX "loan_repayments_paid_at_idx";--> statement-breakpoint
DROP INDEX "loans_opening_date_idx";--> statement-breakpoint
CREATE INDEX "applications_created_at_idx" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_status_created_at_idx" ON "applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "loan_repayments_loan_idx" ON "loan_repayments" USING btree ("loan_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "loan_repayments_paid_at_idx" ON "loan_repayments" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "loans_opening_date_idx" ON "loans" USING btree ("opening_date","id");