CREATE TYPE "public"."bid_status" AS ENUM('LIVE', 'WITHDRAWN', 'REPLACED', 'RELEASED', 'ACCEPTED');--> statement-breakpoint
CREATE TYPE "public"."lender_kind" AS ENUM('individual', 'institution');--> statement-breakpoint
CREATE TYPE "public"."listing_status" AS ENUM('OPEN', 'OFFERED', 'FUNDED', 'DISBURSED', 'EXPIRED');--> statement-breakpoint
CREATE TYPE "public"."offer_kind" AS ENUM('full', 'lower-rate', 'partial');--> statement-breakpoint
CREATE TYPE "public"."offer_status" AS ENUM('OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "auto_invest_rules" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"risk_grades" text[] NOT NULL,
	"loan_type_ids" integer[] NOT NULL,
	"max_term_months" smallint NOT NULL,
	"min_rate_bp" integer NOT NULL,
	"amount_per_loan" bigint NOT NULL,
	"max_share_percent" smallint DEFAULT 25 NOT NULL,
	"keep_cash" bigint DEFAULT 0 NOT NULL,
	"last_filled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"lender_id" integer NOT NULL,
	"round" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"status" "bid_status" DEFAULT 'LIVE' NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bids_amount_positive" CHECK ("bids"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "lender_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"kind" "lender_kind" DEFAULT 'individual' NOT NULL,
	"registration_number" text,
	"contact_person" text,
	"terms_version" text,
	"terms_accepted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by_id" integer,
	"verification_note" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"status" "listing_status" DEFAULT 'OPEN' NOT NULL,
	"amount" bigint NOT NULL,
	"max_rate_bp" integer NOT NULL,
	"risk_grade" text NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listings_amount_positive" CHECK ("listings"."amount" > 0),
	CONSTRAINT "listings_risk_grade" CHECK ("listings"."risk_grade" in ('A', 'B', 'C', 'D', 'E'))
);
--> statement-breakpoint
CREATE TABLE "offer_fills" (
	"offer_id" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"lender_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "offer_fills_offer_id_bid_id_pk" PRIMARY KEY("offer_id","bid_id"),
	CONSTRAINT "offer_fills_amount_positive" CHECK ("offer_fills"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"round" smallint NOT NULL,
	"kind" "offer_kind" NOT NULL,
	"amount" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"term_weeks" smallint NOT NULL,
	"weekly_repayment" bigint NOT NULL,
	"total_interest" bigint NOT NULL,
	"total_payable" bigint NOT NULL,
	"lenders" smallint NOT NULL,
	"status" "offer_status" DEFAULT 'OPEN' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "participations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"lender_id" integer,
	"bid_id" integer,
	"rate_bp" integer NOT NULL,
	"principal_share" bigint NOT NULL,
	"principal_repaid" bigint DEFAULT 0 NOT NULL,
	"interest_paid" bigint DEFAULT 0 NOT NULL,
	"fees_paid" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "participations_loan_lender_key" UNIQUE NULLS NOT DISTINCT("loan_id","lender_id"),
	CONSTRAINT "participations_share_positive" CHECK ("participations"."principal_share" > 0),
	CONSTRAINT "participations_repaid_within_share" CHECK ("participations"."principal_repaid" >= 0 and "participations"."principal_repaid" <= "participations"."principal_share"),
	CONSTRAINT "participations_paid_not_negative" CHECK ("participations"."interest_paid" >= 0 and "participations"."fees_paid" >= 0)
);
--> statement-breakpoint
ALTER TABLE "auto_invest_rules" ADD CONSTRAINT "auto_invest_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_lender_id_users_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_profiles" ADD CONSTRAINT "lender_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_profiles" ADD CONSTRAINT "lender_profiles_verified_by_id_users_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_fills" ADD CONSTRAINT "offer_fills_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_fills" ADD CONSTRAINT "offer_fills_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_fills" ADD CONSTRAINT "offer_fills_lender_id_users_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_lender_id_users_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_live_per_lender" ON "bids" USING btree ("listing_id","lender_id") WHERE "bids"."status" = 'LIVE';--> statement-breakpoint
CREATE INDEX "bids_lender_idx" ON "bids" USING btree ("lender_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_listing_idx" ON "bids" USING btree ("listing_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_application_key" ON "listings" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "listings_status_closes_idx" ON "listings" USING btree ("status","closes_at");--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("listing_id","round");--> statement-breakpoint
CREATE INDEX "offers_open_expiry_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "participations_lender_idx" ON "participations" USING btree ("lender_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_lender_accounts_not_overdrawn" CHECK ("ledger_accounts"."code" not like 'LENDER_%' or "ledger_accounts"."balance" <= 0);--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "name", "kind") VALUES ('FEE_INCOME', 'Service fees on lenders'' interest', 'income') ON CONFLICT ("code") DO NOTHING;
