ALTER TABLE "loans" ADD COLUMN "disbursed_by_id" integer;--> statement-breakpoint
ALTER TABLE "platform_transactions" ADD COLUMN "requested_by_id" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_disbursed_by_id_users_id_fk" FOREIGN KEY ("disbursed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_transactions" ADD CONSTRAINT "platform_transactions_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Payouts and loans made before this migration: the audit log's application.disbursed row names the
-- admin who asked for the payout (matched by the payout's reference, so a failed first try by
-- another admin is not taken for the one that paid).
UPDATE "platform_transactions" AS pt SET "requested_by_id" = a."actor_id"
FROM "audit_log" AS a
WHERE pt."type" = 'DISBURSEMENT' AND a."action" = 'application.disbursed'
  AND a."entity_type" = 'application' AND a."entity_id" = pt."application_id"::text
  AND a."after"->>'payout_reference' = pt."reference_id" AND a."actor_id" IS NOT NULL;--> statement-breakpoint
UPDATE "loans" AS l SET "disbursed_by_id" = pt."requested_by_id"
FROM "platform_transactions" AS pt
WHERE pt."id" = l."disbursement_transaction_id" AND pt."requested_by_id" IS NOT NULL;
