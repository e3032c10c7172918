-- The loans worklist's search by a common name walks the ordering's index and, since migration
-- 0040, probed loan_search_texts by key for every loan it passed: about 700 probes for a page of
-- "nsubuga" at scale 100, four times the cost of testing a copy in the loan row the walk reads
-- anyway (docs/scale.md, "A common name walks, a rare one collects"). The copy is back on the loan,
-- with no index, so a repayment's new row version enters no trigram index (why 0040 moved it). The
-- trigram index stays on loan_search_texts: it counts a search's matches, and collects a rare
-- name's few loans. The list chooses between the two by that count.
ALTER TABLE "loans" ADD COLUMN "borrower_search_text" text;--> statement-breakpoint
CREATE TRIGGER loans_borrower_search_text BEFORE INSERT OR UPDATE OF user_id ON loans
  FOR EACH ROW EXECUTE FUNCTION copy_borrower_search_text();--> statement-breakpoint
-- A borrower's new name, email or phone reaches their applications and both copies on their loans
-- in the same transaction, through their user indexes.
CREATE OR REPLACE FUNCTION borrower_search_text_follows_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET borrower_search_text = NEW.search_text WHERE user_id = NEW.id;
  UPDATE loans SET borrower_search_text = NEW.search_text WHERE user_id = NEW.id;
  UPDATE loan_search_texts s SET search_text = NEW.search_text
    FROM loans l WHERE l.user_id = NEW.id AND s.loan_id = l.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The copy of every existing loan. Only this column changes, so the running counters' statement
-- triggers, which would read every row twice as transition tables, are off meanwhile.
ALTER TABLE "loans" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "loans" l SET "borrower_search_text" = u.search_text FROM users u WHERE u.id = l.user_id;--> statement-breakpoint
ALTER TABLE "loans" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "borrower_search_text" SET NOT NULL;
