-- Lenders credited in runs (ADR 016, issue 20): a settlement no longer splits its repayment among the
-- loan's participations and posts each lender's share; it queues the repayment here, in one row, and
-- a lender credit run (one at a time, right after the settlement's commit and every minute) splits
-- the queued repayments, moves the participations, posts one REPAYMENT_SHARE netted per account and
-- sets credited_at. The rows stay: the lenders' daily digest counts repayments from them. Repayments
-- settled before this migration were shared in their settlement and have no row here.
CREATE TABLE "repayment_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayment_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform_transaction_id" integer NOT NULL,
	"loan_id" integer NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	"posting_id" bigint,
	"held_reason" text,
	CONSTRAINT "repayment_shares_payment_key" UNIQUE("platform_transaction_id"),
	CONSTRAINT "repayment_shares_amounts" CHECK ("repayment_shares"."principal" >= 0 and "repayment_shares"."interest" >= 0)
);
--> statement-breakpoint
ALTER TABLE "repayment_shares" ADD CONSTRAINT "repayment_shares_platform_transaction_id_platform_transactions_id_fk" FOREIGN KEY ("platform_transaction_id") REFERENCES "public"."platform_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_shares" ADD CONSTRAINT "repayment_shares_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_shares" ADD CONSTRAINT "repayment_shares_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repayment_shares_due_idx" ON "repayment_shares" USING btree ("id") WHERE "repayment_shares"."credited_at" is null and "repayment_shares"."held_reason" is null;--> statement-breakpoint
CREATE INDEX "repayment_shares_credited_idx" ON "repayment_shares" USING btree ("credited_at");