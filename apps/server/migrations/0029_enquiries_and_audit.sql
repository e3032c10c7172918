CREATE TYPE "public"."enquiry_status" AS ENUM('NEW', 'IN_PROGRESS', 'CLOSED');--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" "enquiry_status" DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lender_interest" ADD COLUMN "status" "enquiry_status" DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "lender_interest" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "lender_interest" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "lender_interest" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lender_interest" ADD COLUMN "invited_user_id" integer;--> statement-breakpoint
ALTER TABLE "lender_interest" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_interest" ADD CONSTRAINT "lender_interest_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_interest" ADD CONSTRAINT "lender_interest_invited_user_id_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lender_interest_status_created_idx" ON "lender_interest" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);