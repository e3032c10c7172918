CREATE TABLE "application_status_counts" (
	"status" "application_status" PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_status_totals" (
	"status" "loan_status" PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"total_payable" bigint DEFAULT 0 NOT NULL,
	"total_payments" bigint DEFAULT 0 NOT NULL,
	"repayment_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayment_daily_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"on_time" bigint DEFAULT 0 NOT NULL,
	"late" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_status_counts" (
	"status" "user_status" PRIMARY KEY NOT NULL,
	"open_count" bigint DEFAULT 0 NOT NULL
);
