CREATE TYPE "public"."application_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."document_type" AS ENUM('NATIONAL_ID', 'TRADE_LICENSE', 'INCORPORATION', 'URA_REGISTRATION', 'CASH_FLOW', 'BANK_STATEMENTS');--> statement-breakpoint
CREATE TYPE "public"."interest_type" AS ENUM('FLAT', 'COMPOUND');--> statement-breakpoint
CREATE TYPE "public"."loan_type_status" AS ENUM('ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."loan_status" AS ENUM('ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID');--> statement-breakpoint
CREATE SEQUENCE "public"."loan_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "application_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"document_type" "document_type" NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_documents_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"loan_type_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"business_location" text NOT NULL,
	"business_type" text,
	"status" "application_status" DEFAULT 'PENDING' NOT NULL,
	"amount_requested" bigint NOT NULL,
	"loan_term_months" smallint NOT NULL,
	"loan_purpose" text NOT NULL,
	"monthly_income" bigint NOT NULL,
	"nin" text NOT NULL,
	"admin_notes" text,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"approved_loan_id" integer,
	"credit_score" smallint,
	"credit_reasons" jsonb,
	"credit_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"interest_rate" numeric(5, 2) NOT NULL,
	"interest_type" "interest_type" DEFAULT 'FLAT' NOT NULL,
	"appraisal_time" text NOT NULL,
	"status" "loan_type_status" DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_types_amount_range" CHECK ("loan_types"."min_amount" > 0 and "loan_types"."min_amount" < "loan_types"."max_amount"),
	CONSTRAINT "loan_types_rate_positive" CHECK ("loan_types"."interest_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_installments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_installments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"principal_due" bigint NOT NULL,
	"interest_due" bigint NOT NULL,
	"principal_paid" bigint DEFAULT 0 NOT NULL,
	"interest_paid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loan_installments_paid_within_due" CHECK ("loan_installments"."principal_paid" between 0 and "loan_installments"."principal_due" and "loan_installments"."interest_paid" between 0 and "loan_installments"."interest_due")
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"payment_mode" text NOT NULL,
	"platform_transaction_id" integer,
	"remaining_balance_after" bigint NOT NULL,
	"days_late_at_payment" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_repayments_split" CHECK ("loan_repayments"."amount" > 0 and "loan_repayments"."principal" + "loan_repayments"."interest" = "loan_repayments"."amount")
);
--> statement-breakpoint
CREATE TABLE "loan_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"from_status" "loan_status",
	"to_status" "loan_status" NOT NULL,
	"days_in_arrears" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_ref" text NOT NULL,
	"user_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"loan_type_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"interest_rate" numeric(5, 2) NOT NULL,
	"interest_type" "interest_type" NOT NULL,
	"term_months" smallint NOT NULL,
	"term_weeks" smallint NOT NULL,
	"weekly_repayment" bigint NOT NULL,
	"total_interest" bigint NOT NULL,
	"total_payable" bigint NOT NULL,
	"total_payments" bigint DEFAULT 0 NOT NULL,
	"principal_paid" bigint DEFAULT 0 NOT NULL,
	"interest_paid" bigint DEFAULT 0 NOT NULL,
	"repayment_count" integer DEFAULT 0 NOT NULL,
	"status" "loan_status" DEFAULT 'ACTIVE' NOT NULL,
	"opening_date" timestamp with time zone NOT NULL,
	"closing_date" date NOT NULL,
	"oldest_unpaid_due_date" date,
	"disbursement_transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_loanRef_unique" UNIQUE("loan_ref"),
	CONSTRAINT "loans_applicationId_unique" UNIQUE("application_id"),
	CONSTRAINT "loans_payments_within_payable" CHECK ("loans"."total_payments" >= 0 and "loans"."total_payments" <= "loans"."total_payable"),
	CONSTRAINT "loans_paid_split" CHECK ("loans"."principal_paid" + "loans"."interest_paid" = "loans"."total_payments")
);
--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_loan_type_id_loan_types_id_fk" FOREIGN KEY ("loan_type_id") REFERENCES "public"."loan_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_status_history" ADD CONSTRAINT "loan_status_history_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_loan_type_id_loan_types_id_fk" FOREIGN KEY ("loan_type_id") REFERENCES "public"."loan_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_documents_application_idx" ON "application_documents" USING btree ("application_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "applications_created_at_idx" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_status_created_at_idx" ON "applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "applications_loan_type_idx" ON "applications" USING btree ("loan_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_approved_loan_key" ON "applications" USING btree ("approved_loan_id") WHERE "applications"."approved_loan_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_types_name_key" ON "loan_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "loan_installments_loan_number_key" ON "loan_installments" USING btree ("loan_id","number");--> statement-breakpoint
CREATE INDEX "loan_installments_due_date_idx" ON "loan_installments" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "loan_installments_unpaid_due_idx" ON "loan_installments" USING btree ("due_date","loan_id") WHERE "loan_installments"."principal_paid" < "loan_installments"."principal_due" or "loan_installments"."interest_paid" < "loan_installments"."interest_due";--> statement-breakpoint
CREATE INDEX "loan_repayments_loan_idx" ON "loan_repayments" USING btree ("loan_id","paid_at","id");--> statement-breakpoint
CREATE INDEX "loan_repayments_paid_at_idx" ON "loan_repayments" USING btree ("paid_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_repayments_platform_transaction_key" ON "loan_repayments" USING btree ("platform_transaction_id") WHERE "loan_repayments"."platform_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "loan_status_history_loan_idx" ON "loan_status_history" USING btree ("loan_id","changed_at");--> statement-breakpoint
CREATE INDEX "loans_status_due_idx" ON "loans" USING btree ("status","oldest_unpaid_due_date");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "loans_loan_type_idx" ON "loans" USING btree ("loan_type_id");--> statement-breakpoint
CREATE INDEX "loans_opening_date_idx" ON "loans" USING btree ("opening_date","id");--> statement-breakpoint
CREATE INDEX "loans_in_arrears_idx" ON "loans" USING btree ("oldest_unpaid_due_date","id") WHERE "loans"."status" <> 'FULLY_PAID';