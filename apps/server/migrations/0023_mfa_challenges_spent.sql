CREATE TABLE "mfa_challenges_spent" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"spent_at" timestamp with time zone NOT NULL
);
