ALTER TABLE "platform_transactions" ADD COLUMN "attention_reason" text;--> statement-breakpoint
ALTER TABLE "platform_transactions" ADD COLUMN "attention_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "platform_transactions_attention_idx" ON "platform_transactions" USING btree ("attention_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "platform_transactions"."attention_at" is not null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_platform_wallet_not_negative" CHECK ("ledger_accounts"."code" <> 'PLATFORM_WALLET' or "ledger_accounts"."balance" >= 0);--> statement-breakpoint
-- Money that arrived but could not be matched to what it was for waits here (docs/money.md).
INSERT INTO ledger_accounts (code, name, kind) VALUES ('SUSPENSE', 'Suspense (received, not yet matched)', 'liability');
