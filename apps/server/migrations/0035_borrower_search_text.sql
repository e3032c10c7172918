-- The worklists' search by borrower (loans) and applicant (applications) read the person's
-- users.search_text through a join: a common surname cost three trigram lookups a request (the
-- people, then the count and the page through them) and a key probe per person (docs/scale.md,
-- "One trigram lookup per search"). Each row now carries a copy of its borrower's search text with
-- a trigram index, kept by the triggers below in the writing transaction: set on insert from the
-- borrower, rewritten when the borrower's name, email or phone changes. An application's business
-- name, NIN and applicant are one indexed string, so its search is one lookup too.
ALTER TABLE "applications" ADD COLUMN "borrower_search_text" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "borrower_search_text" text;--> statement-breakpoint
CREATE FUNCTION copy_borrower_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.search_text INTO NEW.borrower_search_text FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_borrower_search_text BEFORE INSERT OR UPDATE OF user_id ON applications
  FOR EACH ROW EXECUTE FUNCTION copy_borrower_search_text();--> statement-breakpoint
CREATE TRIGGER loans_borrower_search_text BEFORE INSERT OR UPDATE OF user_id ON loans
  FOR EACH ROW EXECUTE FUNCTION copy_borrower_search_text();--> statement-breakpoint
-- A borrower's new name, email or phone reaches their applications and loans in the same
-- transaction, through their user indexes.
CREATE FUNCTION borrower_search_text_follows_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET borrower_search_text = NEW.search_text WHERE user_id = NEW.id;
  UPDATE loans SET borrower_search_text = NEW.search_text WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_borrower_search_text AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION borrower_search_text_follows_user();--> statement-breakpoint
-- The copy of every existing row. Only this column changes, so the running counters' statement
-- triggers, which would read every row twice as transition tables, are off meanwhile.
ALTER TABLE "applications" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "applications" a SET "borrower_search_text" = u.search_text FROM users u WHERE u.id = a.user_id;--> statement-breakpoint
ALTER TABLE "applications" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "loans" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "loans" l SET "borrower_search_text" = u.search_text FROM users u WHERE u.id = l.user_id;--> statement-breakpoint
ALTER TABLE "loans" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "borrower_search_text" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "borrower_search_text" SET NOT NULL;--> statement-breakpoint
DROP INDEX "applications_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "applications_search_trgm_idx" ON "applications" USING gin (("search_text" || chr(31) || "borrower_search_text") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loans_borrower_search_trgm_idx" ON "loans" USING gin ("borrower_search_text" gin_trgm_ops);
