CREATE TYPE "public"."contact_topic" AS ENUM('borrowing', 'lending', 'repayment', 'partnership', 'other');--> statement-breakpoint
CREATE TYPE "public"."investment_range" AS ENUM('under_5m', '5m_20m', '20m_100m', 'over_100m');--> statement-breakpoint
CREATE TYPE "public"."lender_type" AS ENUM('individual', 'company', 'sacco', 'investment_club');--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"topic" "contact_topic" NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lender_interest" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lender_interest_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"lender_type" "lender_type" NOT NULL,
	"organisation" text,
	"investment_range" "investment_range" NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lender_interest_created_at_idx" ON "lender_interest" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);