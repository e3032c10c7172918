CREATE TABLE "payment_numbers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"tries_left" smallint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sends_in_window" smallint NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_numbers" ADD CONSTRAINT "payment_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;