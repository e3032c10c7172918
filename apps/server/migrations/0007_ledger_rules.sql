-- Ledger rules the database enforces by itself, whatever code writes to it (docs/money.md).

-- Every posting sums to zero and has at least two entries. Deferred to commit, so a posting's entries
-- can be inserted one by one inside its transaction.
CREATE FUNCTION ledger_check_posting_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posting bigint;
  total numeric;
  lines integer;
BEGIN
  IF TG_TABLE_NAME = 'ledger_postings' THEN
    posting := NEW.id;
  ELSE
    posting := NEW.posting_id;
  END IF;
  SELECT coalesce(sum(amount), 0), count(*) INTO total, lines FROM ledger_entries WHERE posting_id = posting;
  IF lines < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not balance: % entries summing to %', posting, lines, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_posting_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced
  AFTER INSERT ON ledger_postings DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_posting_balanced();
--> statement-breakpoint

-- Append-only: a posting or entry is never changed or removed; a correction is a reversing posting.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- The platform's own accounts exist from the start; users' wallets are opened on first use.
INSERT INTO ledger_accounts (code, name, kind) VALUES
  ('PLATFORM_WALLET', 'Platform wallet (mobile-money float)', 'asset'),
  ('PLATFORM_CAPITAL', 'Platform capital', 'equity'),
  ('LOANS_RECEIVABLE', 'Loans receivable (principal)', 'asset'),
  ('INTEREST_INCOME', 'Interest income', 'income'),
  ('PROVIDER_CLEARING:mtn', 'MTN Mobile Money clearing', 'asset'),
  ('PROVIDER_CLEARING:airtel', 'Airtel Money clearing', 'asset');
--> statement-breakpoint
INSERT INTO platform_transaction_totals (type, status)
SELECT t, s
FROM unnest(enum_range(NULL::transaction_type)) AS t
CROSS JOIN unnest(enum_range(NULL::transaction_status)) AS s;
