-- Installments still owed, per due date: the repayment statistics count the missed payments of the
-- last 30 days from 30 rows instead of reading every installment that fell due (docs/scale.md).
-- Kept like the counters of 0010: one statement-level trigger per event, the net change per due date
-- applied once, in date order.
CREATE TABLE "unpaid_installment_counts" (
	"due_date" date PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
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
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_unpaid_installments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO unpaid_installment_counts AS c (due_date, count)
      SELECT due_date, count(*) FROM new_rows
      WHERE principal_paid < principal_due OR interest_paid < interest_due
      GROUP BY due_date ORDER BY due_date
    ON CONFLICT (due_date) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO unpaid_installment_counts AS c (due_date, count)
      SELECT due_date, -count(*) FROM old_rows
      WHERE principal_paid < principal_due OR interest_paid < interest_due
      GROUP BY due_date ORDER BY due_date
    ON CONFLICT (due_date) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO unpaid_installment_counts AS c (due_date, count)
      SELECT due_date, sum(n) FROM (
        SELECT due_date, 1 AS n FROM new_rows
        WHERE principal_paid < principal_due OR interest_paid < interest_due
        UNION ALL
        SELECT due_date, -1 AS n FROM old_rows
        WHERE principal_paid < principal_due OR interest_paid < interest_due
      ) x GROUP BY due_date HAVING sum(n) <> 0 ORDER BY due_date
    ON CONFLICT (due_date) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER loan_installments_count_insert AFTER INSERT ON loan_installments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_unpaid_installments();
--> statement-breakpoint
CREATE TRIGGER loan_installments_count_update AFTER UPDATE ON loan_installments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_unpaid_installments();
--> statement-breakpoint
CREATE TRIGGER loan_installments_count_delete AFTER DELETE ON loan_installments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_unpaid_installments();
--> statement-breakpoint
INSERT INTO unpaid_installment_counts (due_date, count)
  SELECT due_date, count(*) FROM loan_installments
  WHERE principal_paid < principal_due OR interest_paid < interest_due
  GROUP BY due_date;
