CREATE TABLE "message_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"marketing" boolean DEFAULT true NOT NULL,
	"digests" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"channel" text NOT NULL,
	"template" text NOT NULL,
	"category" text NOT NULL,
	"recipient" text,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"last_error" text,
	"dedupe_key" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_runs" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "job_runs" CASCADE;--> statement-breakpoint
ALTER TABLE "simulated_sms" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "simulated_sms" ADD COLUMN "status" text DEFAULT 'Success' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_preferences" ADD CONSTRAINT "message_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("not_before","id") WHERE "messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_idx" ON "messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedupe_idx" ON "messages" USING btree ("dedupe_key","channel");--> statement-breakpoint
ALTER TABLE "simulated_sms" ADD CONSTRAINT "simulated_sms_idempotencyKey_unique" UNIQUE("idempotency_key");