-- The loans worklist's search by borrower read a copy of the borrower's search text on the loan row
-- (migration 0035). Every repayment writes a new version of the loan row, and each entered the
-- copy's trigram index again: at month-end the index's pending list filled with them, every search
-- read it whole, and the planner, costing it, chose to scan every loan (docs/scale.md, "The loans
-- search after month-end"). The copy now lives in a table of its own, which a repayment never
-- touches, kept by triggers in the writing transaction.
--
-- The trigram indexes keep no pending list (fastupdate off): with one, the writes since the last
-- vacuum (up to 4 MB of them) were read by every search, and costed by the planner as if each
-- search would read them. Each write now enters the index at once, a fraction of a millisecond,
-- on tables written as people apply, sign up and borrow, not by repayments.
CREATE TABLE "loan_search_texts" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "loan_search_texts" ("loan_id", "search_text") SELECT "id", "borrower_search_text" FROM "loans";--> statement-breakpoint
ALTER TABLE "loan_search_texts" ADD CONSTRAINT "loan_search_texts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_search_texts_trgm_idx" ON "loan_search_texts" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- As for the column it replaces (migration 0036): a common surname's share is estimated from a
-- large enough sample to plan its search by the trigram index.
ALTER TABLE "loan_search_texts" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
DROP TRIGGER "loans_borrower_search_text" ON "loans";--> statement-breakpoint
CREATE FUNCTION loan_search_text_from_borrower() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loan_search_texts (loan_id, search_text)
    SELECT NEW.id, u.search_text FROM users u WHERE u.id = NEW.user_id
    ON CONFLICT (loan_id) DO UPDATE SET search_text = EXCLUDED.search_text;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER loans_search_text AFTER INSERT OR UPDATE OF user_id ON loans
  FOR EACH ROW EXECUTE FUNCTION loan_search_text_from_borrower();--> statement-breakpoint
-- A borrower's new name, email or phone reaches their applications and loans in the same
-- transaction, through their user indexes.
CREATE OR REPLACE FUNCTION borrower_search_text_follows_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET borrower_search_text = NEW.search_text WHERE user_id = NEW.id;
  UPDATE loan_search_texts s SET search_text = NEW.search_text
    FROM loans l WHERE l.user_id = NEW.id AND s.loan_id = l.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP INDEX "loans_borrower_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "loans" DROP COLUMN "borrower_search_text";--> statement-breakpoint
ALTER INDEX "applications_search_trgm_idx" SET (fastupdate=false);--> statement-breakpoint
ALTER INDEX "users_search_text_trgm_idx" SET (fastupdate=false);--> statement-breakpoint
-- Turning it off keeps the entries already pending until they are moved into the index.
SELECT gin_clean_pending_list('applications_search_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('users_search_text_trgm_idx'::regclass);
