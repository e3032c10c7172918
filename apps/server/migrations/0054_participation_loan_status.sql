-- A lender's portfolio counted and summed its shares by their loan's status with a loan lookup per
-- share, and its OVERDUE page joined every share to its loan to filter and count: for the lender in
-- the most loans, 735 lookups a request at scale 100 and 1,142 at scale 1000, where these answered
-- 66–134 requests a second (issue 20, docs/scale.md "A share knows its loan's status"). Each share
-- now carries its loan's status, kept by the triggers below in the writing transaction: set on insert
-- from the loan, rewritten when the loan's status moves (a handful of times in a loan's life, where
-- its shares are written at every repayment). Whoever moves a loan's status holds the loan's row, and
-- every writer of shares locks the loan before them (settlements, the status check), so the trigger
-- takes the shares' locks in the order everyone else does.
ALTER TABLE "participations" ADD COLUMN "loan_status" "loan_status";--> statement-breakpoint
UPDATE "participations" p SET "loan_status" = l.status FROM loans l WHERE l.id = p.loan_id;--> statement-breakpoint
ALTER TABLE "participations" ALTER COLUMN "loan_status" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION copy_participation_loan_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT l.status INTO NEW.loan_status FROM loans l WHERE l.id = NEW.loan_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER participations_loan_status BEFORE INSERT OR UPDATE OF loan_id, loan_status ON participations
  FOR EACH ROW EXECUTE FUNCTION copy_participation_loan_status();--> statement-breakpoint
CREATE FUNCTION participation_loan_status_follows_loan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE participations SET loan_status = NEW.status WHERE loan_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER loans_participation_loan_status AFTER UPDATE OF status ON loans FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION participation_loan_status_follows_loan();--> statement-breakpoint
CREATE INDEX "participations_lender_status_idx" ON "participations" USING btree ("lender_id","loan_status","created_at","id");
