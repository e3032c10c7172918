-- A lender's return (its portfolio's XIRR) read every line of its history: for the verified lender
-- in the most loans at scale 100 (723 of them), 17,068 lines and a posting looked up for each, 77 ms
-- of SQL and 8,148 flows handed to the server, 4 requests a second (issue 20, docs/scale.md). Its
-- cash flows are now kept per Kampala day, by a statement trigger on the ledger's lines that sums the
-- same lines the return read: on a LENDER_INVESTED account every posting but a repayment's share
-- (money lent out, and given back when a payout failed), on a USER_WALLET account a repayment's
-- share only (what repayments paid in). Lines are never changed or deleted (0007), so an insert
-- trigger keeps it whole. A row is written only by a transaction that holds its account's row
-- (every posting locks its accounts, in id order, in the statement that writes its lines), so the
-- trigger takes no lock another transaction could be waiting on in another order. Hence a row per
-- account, not per lender: a repayment's share of interest alone writes no line on the invested
-- account, so it may hold the wallet's row and not the invested account's.
CREATE TABLE "lender_cash_flow_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "lender_cash_flow_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
-- Which lines are a lender's cash flows, in one place for the trigger and the recount (a SQL
-- function of one expression: PostgreSQL inlines it into the query that calls it).
CREATE FUNCTION is_lender_cash_flow(account_code text, posting_kind text) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT (account_code LIKE 'LENDER\_INVESTED:%' AND posting_kind <> 'REPAYMENT_SHARE')
      OR (account_code LIKE 'USER\_WALLET:%' AND posting_kind = 'REPAYMENT_SHARE')
$$;
--> statement-breakpoint
CREATE FUNCTION recount_counter_lender_cash_flows() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lender_cash_flow_days;
  INSERT INTO lender_cash_flow_days (account_id, day, amount)
    SELECT e.account_id, ((e.created_at AT TIME ZONE 'UTC') + interval '3 hours')::date, sum(e.amount)
    FROM ledger_accounts a
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_postings p ON p.id = e.posting_id
    WHERE is_lender_cash_flow(a.code, p.kind)
    GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_lender_cash_flows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lender_cash_flow_days AS t (account_id, day, amount)
    SELECT n.account_id, ((n.created_at AT TIME ZONE 'UTC') + interval '3 hours')::date, sum(n.amount)
    FROM new_rows n
    JOIN ledger_accounts a ON a.id = n.account_id
    JOIN ledger_postings p ON p.id = n.posting_id
    WHERE is_lender_cash_flow(a.code, p.kind)
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (account_id, day) DO UPDATE SET amount = t.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_lender_cash_flows AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lender_cash_flows();--> statement-breakpoint
SELECT recount_counter_lender_cash_flows();
