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
CREATE FUNCTION recount_counter_arrears() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM arrears_counts;
  INSERT INTO arrears_counts (oldest_unpaid_due_date, count)
    SELECT oldest_unpaid_due_date, count(*) FROM loans
    WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
    GROUP BY oldest_unpaid_due_date;
END;
$$;
--> statement-breakpoint
-- After the ledger's daily totals: the seeder fills those before it calls recount_counters().
CREATE FUNCTION recount_counter_ledger_kinds() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
SELECT recount_counter_arrears();
--> statement-breakpoint
SELECT recount_counter_ledger_kinds();
