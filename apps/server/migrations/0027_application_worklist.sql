ALTER TABLE "applications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(business_name || chr(31) || nin)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "applications_amount_idx" ON "applications" USING btree ("amount_requested","id");--> statement-breakpoint
CREATE INDEX "applications_business_name_idx" ON "applications" USING btree ("business_name","id");--> statement-breakpoint
CREATE INDEX "applications_term_idx" ON "applications" USING btree ("loan_term_months","id");--> statement-breakpoint
CREATE INDEX "applications_status_id_idx" ON "applications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "applications_score_asc_idx" ON "applications" USING btree ("credit_score","id");--> statement-breakpoint
CREATE INDEX "applications_score_desc_idx" ON "applications" USING btree ("credit_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_awaiting_payout_idx" ON "applications" USING btree ("created_at","id") WHERE "applications"."status" = 'APPROVED' and "applications"."approved_loan_id" is null;--> statement-breakpoint
CREATE INDEX "applications_nin_idx" ON "applications" USING btree ("nin");--> statement-breakpoint
CREATE INDEX "applications_search_text_trgm_idx" ON "applications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_kyc_national_id_idx" ON "user_kyc" USING btree ("national_id");