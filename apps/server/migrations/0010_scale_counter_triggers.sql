-- Running counters for the admin statistics and list pagers (docs/scale.md), kept by statement-level
-- triggers in the same transaction as the change. Each statement applies its net change per status
-- in one pass, in status order, so two transactions never wait on each other's counter rows in
-- opposite orders.

CREATE FUNCTION recount_counters() RETURNS void LANGUAGE plpgsql AS $$
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
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    FOR r IN
      SELECT status, sum(n) AS n FROM (
        SELECT status, 1 AS n FROM new_rows WHERE deleted_at IS NULL
      ) x GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    LOOP
      UPDATE user_status_counts SET open_count = open_count + r.n WHERE status = r.status;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN
      SELECT status, sum(n) AS n FROM (
        SELECT status, -1 AS n FROM old_rows WHERE deleted_at IS NULL
      ) x GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    LOOP
      UPDATE user_status_counts SET open_count = open_count + r.n WHERE status = r.status;
    END LOOP;
  ELSE
    FOR r IN
      SELECT status, sum(n) AS n FROM (
        SELECT status, 1 AS n FROM new_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT status, -1 AS n FROM old_rows WHERE deleted_at IS NULL
      ) x GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    LOOP
      UPDATE user_status_counts SET open_count = open_count + r.n WHERE status = r.status;
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_applications() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    FOR r IN
      SELECT status, sum(n) AS n FROM (
        SELECT status, 1 AS n FROM new_rows
      ) x GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    LOOP
      UPDATE application_status_counts SET count = count + r.n WHERE status = r.status;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN
      SELECT status, sum(n) AS n FROM (
        SELECT status, -1 AS n FROM old_rows
      ) x GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    LOOP
      UPDATE application_status_counts SET count = count + r.n WHERE status = r.status;
    END LOOP;
  ELSE
    FOR r IN
      SELECT status, sum(n) AS n FROM (
        SELECT status, 1 AS n FROM new_rows
        UNION ALL
        SELECT status, -1 AS n FROM old_rows
      ) x GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    LOOP
      UPDATE application_status_counts SET count = count + r.n WHERE status = r.status;
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_loans() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    FOR r IN
      SELECT status, sum(n) AS n, sum(amount) AS amount, sum(total_payable) AS total_payable, sum(total_payments) AS total_payments, sum(repayment_count) AS repayment_count FROM (
        SELECT status, 1 AS n, amount, total_payable, total_payments, repayment_count FROM new_rows
      ) x GROUP BY status HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(total_payable) <> 0 OR sum(total_payments) <> 0 OR sum(repayment_count) <> 0 ORDER BY status
    LOOP
      UPDATE loan_status_totals SET count = count + r.n, amount = amount + r.amount,
        total_payable = total_payable + r.total_payable, total_payments = total_payments + r.total_payments,
        repayment_count = repayment_count + r.repayment_count
      WHERE status = r.status;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR r IN
      SELECT status, sum(n) AS n, sum(amount) AS amount, sum(total_payable) AS total_payable, sum(total_payments) AS total_payments, sum(repayment_count) AS repayment_count FROM (
        SELECT status, -1 AS n, -amount AS amount, -total_payable AS total_payable, -total_payments AS total_payments, -repayment_count AS repayment_count FROM old_rows
      ) x GROUP BY status HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(total_payable) <> 0 OR sum(total_payments) <> 0 OR sum(repayment_count) <> 0 ORDER BY status
    LOOP
      UPDATE loan_status_totals SET count = count + r.n, amount = amount + r.amount,
        total_payable = total_payable + r.total_payable, total_payments = total_payments + r.total_payments,
        repayment_count = repayment_count + r.repayment_count
      WHERE status = r.status;
    END LOOP;
  ELSE
    FOR r IN
      SELECT status, sum(n) AS n, sum(amount) AS amount, sum(total_payable) AS total_payable, sum(total_payments) AS total_payments, sum(repayment_count) AS repayment_count FROM (
        SELECT status, 1 AS n, amount, total_payable, total_payments, repayment_count FROM new_rows
        UNION ALL
        SELECT status, -1 AS n, -amount AS amount, -total_payable AS total_payable, -total_payments AS total_payments, -repayment_count AS repayment_count FROM old_rows
      ) x GROUP BY status HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(total_payable) <> 0 OR sum(total_payments) <> 0 OR sum(repayment_count) <> 0 ORDER BY status
    LOOP
      UPDATE loan_status_totals SET count = count + r.n, amount = amount + r.amount,
        total_payable = total_payable + r.total_payable, total_payments = total_payments + r.total_payments,
        repayment_count = repayment_count + r.repayment_count
      WHERE status = r.status;
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_repayments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO repayment_daily_counts AS c (day, on_time, late)
    SELECT ((paid_at AT TIME ZONE 'UTC') + interval '3 hours')::date, count(*) FILTER (WHERE days_late_at_payment = 0),
           count(*) FILTER (WHERE days_late_at_payment > 0)
    FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET on_time = c.on_time + excluded.on_time, late = c.late + excluded.late;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_users();
--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_users();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_users();
--> statement-breakpoint
CREATE TRIGGER applications_count_insert AFTER INSERT ON applications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_applications();
--> statement-breakpoint
CREATE TRIGGER applications_count_update AFTER UPDATE ON applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_applications();
--> statement-breakpoint
CREATE TRIGGER applications_count_delete AFTER DELETE ON applications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_applications();
--> statement-breakpoint
CREATE TRIGGER loans_count_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_loans();
--> statement-breakpoint
CREATE TRIGGER loans_count_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_loans();
--> statement-breakpoint
CREATE TRIGGER loans_count_delete AFTER DELETE ON loans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_loans();
--> statement-breakpoint
CREATE TRIGGER loan_repayments_count_insert AFTER INSERT ON loan_repayments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_repayments();
--> statement-breakpoint
SELECT recount_counters();
