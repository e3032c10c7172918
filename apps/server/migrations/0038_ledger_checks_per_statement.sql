-- A settlement writes about 23 ledger entries. Each one cost two foreign-key lookups (8 µs) and, at
-- commit, a deferred check that summed its whole posting again (11 µs, so a posting of n lines was
-- summed n times): 14 ms of every 18 ms PostgreSQL spent inserting a group of 32 settlements'
-- entries (issue 20, docs/scale.md). One trigger per INSERT statement now checks the same things
-- over all the statement's rows at once: every posting and account named exists, and every posting
-- the statement touched balances over all its entries, with at least two lines. Postings and
-- accounts are never deleted (refused below and by 0007's append-only rule), so what the insert
-- checked stays true, as the foreign keys kept it. The one difference: a statement must leave the
-- postings it writes to balanced; writing a posting's lines over several statements is refused at
-- the first (the service writes each posting's lines in one statement). A posting inserted with no
-- entries at all is still refused at commit by 0007's deferred trigger on ledger_postings.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_posting_id_ledger_postings_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
DROP TRIGGER "ledger_entries_balanced" ON "ledger_entries";
--> statement-breakpoint
CREATE FUNCTION ledger_check_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing bigint;
  bad record;
BEGIN
  -- A scalar subquery per distinct id: always an index lookup, never a scan of the whole table.
  SELECT n.posting_id INTO missing FROM (SELECT DISTINCT posting_id FROM new_rows) n
  WHERE (SELECT 1 FROM ledger_postings p WHERE p.id = n.posting_id) IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry names posting %, which does not exist', missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT n.account_id INTO missing FROM (SELECT DISTINCT account_id FROM new_rows) n
  WHERE (SELECT 1 FROM ledger_accounts a WHERE a.id = n.account_id) IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry names account %, which does not exist', missing
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT e.posting_id, sum(e.amount) AS total, count(*) AS lines INTO bad
  FROM ledger_entries e
  WHERE e.posting_id = ANY (ARRAY(SELECT DISTINCT posting_id FROM new_rows))
  GROUP BY e.posting_id
  HAVING sum(e.amount) <> 0 OR count(*) < 2
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger posting % does not balance: % entries summing to %', bad.posting_id, bad.lines, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_checked AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_entries();
--> statement-breakpoint
-- Entries name accounts: an account is never deleted (a user's closed account keeps its history).
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
