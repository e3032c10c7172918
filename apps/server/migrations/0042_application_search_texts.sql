-- The applications worklist's search counts up to 1,001 matches through a trigram index, and
-- rechecks each in its row: on the wide application rows that recheck was a quarter of a common
-- name's count (docs/scale.md, "A common name walks, a rare one collects"). The searched text, the
-- business name and NIN then the applicant's name, email and phone, now also lives in a narrow
-- table of its own with the trigram index. The application rows keep their copies, in no index, for
-- a common name's page, which walks the ordering's index and tests them in the row it reads anyway.
CREATE TABLE "application_search_texts" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "application_search_texts" ("application_id", "search_text")
  SELECT "id", "search_text" || chr(31) || "borrower_search_text" FROM "applications";--> statement-breakpoint
ALTER TABLE "application_search_texts" ADD CONSTRAINT "application_search_texts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_search_texts_trgm_idx" ON "application_search_texts" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The search texts keep PostgreSQL's default statistics target. Every search is planned with its
-- term, and with 1,000 common values and histogram bounds to test the pattern against, planning the
-- count took 0.35-0.8 ms, longer than counting a rare name; with the default 100 it takes
-- 0.06-0.1 ms and chose the same plan for every term tried (docs/scale.md). The loans' search
-- texts had the larger target since migration 0040; they return to the default too. A common name's
-- page no longer depends on that estimate: the code chooses walk or collect from the count.
ALTER TABLE "loan_search_texts" ALTER COLUMN "search_text" SET STATISTICS -1;--> statement-breakpoint
ANALYZE "application_search_texts";--> statement-breakpoint
ANALYZE "loan_search_texts";--> statement-breakpoint
-- After the row's own copy of the applicant's text (the BEFORE trigger of migration 0035) and its
-- generated search_text: on every new application, and whenever the business name, NIN, applicant
-- or applicant's text changes (the last when the person's name, email or phone does).
CREATE FUNCTION application_search_text_from_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_search_texts (application_id, search_text)
    VALUES (NEW.id, NEW.search_text || chr(31) || NEW.borrower_search_text)
    ON CONFLICT (application_id) DO UPDATE SET search_text = EXCLUDED.search_text;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_search_text
  AFTER INSERT OR UPDATE OF business_name, nin, user_id, borrower_search_text ON applications
  FOR EACH ROW EXECUTE FUNCTION application_search_text_from_row();--> statement-breakpoint
DROP INDEX "applications_search_trgm_idx";
