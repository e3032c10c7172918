-- Installments still owed, per due date: the repayment statistics count the missed payments of the
-- last 30 days from 30 rows instead of reading every installment that fell due (docs/scale.md).
-- Kept like the counters of 0010: one statement-level trigger per event, the net change per due date
-- applied once, in date order.
-- From here on recount_counters() runs every recount_counter_*() function, in name order: a
-- migration that adds a counter adds its own recount and leaves the others alone.
CREATE TABLE "unpaid_installment_counts" (
	"due_date" date PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER FUNCTION recount_counters() RENAME TO recount_counter_statuses;
--> statement-breakpoint
CREATE FUNCTION recount_counters() RETURNS void LANGUAGE plpgsql AS $$
DECLARE f record;
BEGIN
  FOR f IN
    SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = current_schema() AND p.proname LIKE 'recount\_counter\_%' AND p.pronargs = 0
    ORDER BY p.proname
  LOOP
    EXECUTE format('SELECT %I()', f.proname);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION recount_counter_unpaid_installments() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
SELECT recount_counter_unpaid_installments();
