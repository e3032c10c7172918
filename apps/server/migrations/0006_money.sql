CREATE TYPE "public"."idempotency_state" AS ENUM('in_progress', 'done');--> statement-breakpoint
CREATE TYPE "public"."ledger_account_kind" AS ENUM('asset', 'liability', 'equity', 'income');--> statement-breakpoint
CREATE TYPE "public"."transaction_direction" AS ENUM('CREDIT', 'DEBIT');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."transaction_type" AS ENUM('DISBURSEMENT', 'WITHDRAWAL', 'REPAYMENT', 'DEPOSIT');--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"request_hash" text NOT NULL,
	"state" "idempotency_state" DEFAULT 'in_progress' NOT NULL,
	"response_status" smallint,
	"response_body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" integer,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code_unique" UNIQUE("code"),
	CONSTRAINT "ledger_accounts_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "ledger_accounts_user_wallet_not_overdrawn" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" <= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_daily_totals" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"postings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_daily_totals_kind_day_pk" PRIMARY KEY("kind","day")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"posting_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"memo" text NOT NULL,
	"platform_transaction_id" integer,
	"reverses_posting_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_postings_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_postings_reversesPostingId_unique" UNIQUE("reverses_posting_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform_transaction_totals" (
	"type" "transaction_type" NOT NULL,
	"status" "transaction_status" NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_transaction_totals_type_status_pk" PRIMARY KEY("type","status")
);
--> statement-breakpoint
CREATE TABLE "platform_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference_id" text NOT NULL,
	"request_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"type" "transaction_type" NOT NULL,
	"direction" "transaction_direction" NOT NULL,
	"amount" bigint NOT NULL,
	"status" "transaction_status" DEFAULT 'PENDING' NOT NULL,
	"provider" text NOT NULL,
	"phone_number" text NOT NULL,
	"provider_reference" text,
	"failure_reason" text,
	"loan_id" integer,
	"application_id" integer,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "platform_transactions_referenceId_unique" UNIQUE("reference_id"),
	CONSTRAINT "platform_transactions_requestKey_unique" UNIQUE("request_key"),
	CONSTRAINT "platform_transactions_amount_positive" CHECK ("platform_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_platform_transaction_id_platform_transactions_id_fk" FOREIGN KEY ("platform_transaction_id") REFERENCES "public"."platform_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_reverses_posting_id_ledger_postings_id_fk" FOREIGN KEY ("reverses_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_transactions" ADD CONSTRAINT "platform_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_user_key" ON "idempotency_keys" USING btree ("scope","user_id","key");--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_transaction_idx" ON "ledger_postings" USING btree ("platform_transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_kind_created_idx" ON "ledger_postings" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "platform_transactions_created_idx" ON "platform_transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "platform_transactions_status_created_idx" ON "platform_transactions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "platform_transactions_type_created_idx" ON "platform_transactions" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "platform_transactions_user_created_idx" ON "platform_transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "platform_transactions_loan_created_idx" ON "platform_transactions" USING btree ("loan_id","created_at","id") WHERE "platform_transactions"."loan_id" is not null;--> statement-breakpoint
CREATE INDEX "platform_transactions_amount_idx" ON "platform_transactions" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "platform_transactions_completed_idx" ON "platform_transactions" USING btree ("completed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "platform_transactions_reference_prefix_idx" ON "platform_transactions" USING btree ("reference_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "platform_transactions_reference_suffix_idx" ON "platform_transactions" USING btree (reverse("reference_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "platform_transactions_provider_reference_idx" ON "platform_transactions" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "platform_transactions_open_poll_idx" ON "platform_transactions" USING btree ("next_poll_at") WHERE "platform_transactions"."status" in ('PENDING', 'PROCESSING');--> statement-breakpoint
CREATE UNIQUE INDEX "platform_transactions_live_disbursement_key" ON "platform_transactions" USING btree ("application_id") WHERE "platform_transactions"."type" = 'DISBURSEMENT' and "platform_transactions"."status" <> 'FAILED';