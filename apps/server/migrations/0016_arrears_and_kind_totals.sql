-- Two more running totals (docs/scale.md). arrears_counts: loans still owed per the due date of
-- their oldest unpaid installment, kept by statement-level triggers on loans like the counters of
-- 0010, so the overdue payments list counts loans in arrears from one row per day.
-- ledger_kind_totals: all-time gross posted per kind, upserted by the ledger with its daily totals.
CREATE TABLE "arrears_counts" (
	"oldest_unpaid_due_date" date PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_kind_totals" (
	"kind" text PRIMARY KEY NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"postings" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION recount_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_status_counts;
  INSERT INTO user_status_counts (status, open_count)
    SELECT s, (SELECT count(*) FROM users u WHERE u.status = s AND u.deleted_at IS NULL)
    FROM unnest(enum_range(NULL::user_status)) AS s;
  DELETE FROM application_status_counts;
  INSERT INTO application_status_counts (status, count)
    SELECT s, (SELECT count(*) FROM applications a WHERE a.status = s)
    FROM unnest(enum_range(NULL::application_status)) AS s;
  DELETE FROM loan_status_totals;
  INSERT INTO loan_status_totals (status, count, amount, total_payable, total_payments, repayment_count)
    SELECT s, count(l.id), coalesce(sum(l.amount), 0), coalesce(sum(l.total_payable), 0),
           coalesce(sum(l.total_payments), 0), coalesce(sum(l.repayment_count), 0)
    FROM unnest(enum_range(NULL::loan_status)) AS s LEFT JOIN loans l ON l.status = s
    GROUP BY s;
  DELETE FROM repayment_daily_counts;
  INSERT INTO repayment_daily_counts (day, on_time, late)
    SELECT ((paid_at AT TIME ZONE 'UTC') + interval '3 hours')::date, count(*) FILTER (WHERE days_late_at_payment = 0),
           count(*) FILTER (WHERE days_late_at_payment > 0)
    FROM loan_repayments GROUP BY 1;
  DELETE FROM unpaid_installment_counts;
  INSERT INTO unpaid_installment_counts (due_date, count)
    SELECT due_date, count(*) FROM loan_installments
    WHERE principal_paid < principal_due OR interest_paid < interest_due
    GROUP BY due_date;
  DELETE FROM arrears_counts;
  INSERT INTO arrears_counts (oldest_unpaid_due_date, count)
    SELECT oldest_unpaid_due_date, count(*) FROM loans
    WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
    GROUP BY oldest_unpaid_due_date;
  DELETE FROM ledger_kind_totals;
  INSERT INTO ledger_kind_totals (kind, amount, postings)
    SELECT kind, sum(amount), sum(postings) FROM ledger_daily_totals GROUP BY kind;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_arrears() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO arrears_counts AS c (oldest_unpaid_due_date, count)
      SELECT oldest_unpaid_due_date, count(*) FROM new_rows
      WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
      GROUP BY oldest_unpaid_due_date ORDER BY oldest_unpaid_due_date
    ON CONFLICT (oldest_unpaid_due_date) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO arrears_counts AS c (oldest_unpaid_due_date, count)
      SELECT oldest_unpaid_due_date, -count(*) FROM old_rows
      WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
      GROUP BY oldest_unpaid_due_date ORDER BY oldest_unpaid_due_date
    ON CONFLICT (oldest_unpaid_due_date) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO arrears_counts AS c (oldest_unpaid_due_date, count)
      SELECT oldest_unpaid_due_date, sum(n) FROM (
        SELECT oldest_unpaid_due_date, 1 AS n FROM new_rows
        WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
        UNION ALL
        SELECT oldest_unpaid_due_date, -1 AS n FROM old_rows
        WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
      ) x GROUP BY oldest_unpaid_due_date HAVING sum(n) <> 0 ORDER BY oldest_unpaid_due_date
    ON CONFLICT (oldest_unpaid_due_date) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loans_arrears_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_arrears();
--> statement-breakpoint
CREATE TRIGGER loans_arrears_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_arrears();
--> statement-breakpoint
CREATE TRIGGER loans_arrears_delete AFTER DELETE ON loans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_arrears();
--> statement-breakpoint
INSERT INTO arrears_counts (oldest_unpaid_due_date, count)
  SELECT oldest_unpaid_due_date, count(*) FROM loans
  WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
  GROUP BY oldest_unpaid_due_date;
--> statement-breakpoint
INSERT INTO ledger_kind_totals (kind, amount, postings)
  SELECT kind, sum(amount), sum(postings) FROM ledger_daily_totals GROUP BY kind;
