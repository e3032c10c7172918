-- Sharded counters (ADR 012 step 2, docs/scale.md "Money at month-end speed"). Every repayment
-- settlement wrote the same few counter rows (the paid installment's due date, loan status totals,
-- arrears, today's repayments, the ledger's daily and kind totals, the payment totals) and held them
-- until it committed, so settlements ran one at a time. Each of these tables now keeps a row per key
-- and slot; a writer adds to the slot of its backend (counter_slot(): its pid mod 64), so concurrent
-- settlements on different connections write different rows. Reads sum the slots; recounts leave
-- one row per key in slot 0. The existing rows become slot 0, so no recount is needed.
CREATE FUNCTION counter_slot() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 64)::smallint
$$;--> statement-breakpoint
ALTER TABLE "arrears_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_status_totals" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repayment_daily_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "unpaid_installment_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_daily_totals" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_kind_totals" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_transaction_totals" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "arrears_counts" DROP CONSTRAINT "arrears_counts_pkey";--> statement-breakpoint
ALTER TABLE "loan_status_totals" DROP CONSTRAINT "loan_status_totals_pkey";--> statement-breakpoint
ALTER TABLE "repayment_daily_counts" DROP CONSTRAINT "repayment_daily_counts_pkey";--> statement-breakpoint
ALTER TABLE "unpaid_installment_counts" DROP CONSTRAINT "unpaid_installment_counts_pkey";--> statement-breakpoint
ALTER TABLE "ledger_kind_totals" DROP CONSTRAINT "ledger_kind_totals_pkey";--> statement-breakpoint
ALTER TABLE "ledger_daily_totals" DROP CONSTRAINT "ledger_daily_totals_kind_day_pk";--> statement-breakpoint
ALTER TABLE "platform_transaction_totals" DROP CONSTRAINT "platform_transaction_totals_type_status_pk";--> statement-breakpoint
ALTER TABLE "arrears_counts" ADD CONSTRAINT "arrears_counts_oldest_unpaid_due_date_slot_pk" PRIMARY KEY("oldest_unpaid_due_date","slot");--> statement-breakpoint
ALTER TABLE "loan_status_totals" ADD CONSTRAINT "loan_status_totals_status_slot_pk" PRIMARY KEY("status","slot");--> statement-breakpoint
ALTER TABLE "repayment_daily_counts" ADD CONSTRAINT "repayment_daily_counts_day_slot_pk" PRIMARY KEY("day","slot");--> statement-breakpoint
ALTER TABLE "unpaid_installment_counts" ADD CONSTRAINT "unpaid_installment_counts_due_date_slot_pk" PRIMARY KEY("due_date","slot");--> statement-breakpoint
ALTER TABLE "ledger_daily_totals" ADD CONSTRAINT "ledger_daily_totals_kind_day_slot_pk" PRIMARY KEY("kind","day","slot");--> statement-breakpoint
ALTER TABLE "ledger_kind_totals" ADD CONSTRAINT "ledger_kind_totals_kind_slot_pk" PRIMARY KEY("kind","slot");--> statement-breakpoint
ALTER TABLE "platform_transaction_totals" ADD CONSTRAINT "platform_transaction_totals_type_status_slot_pk" PRIMARY KEY("type","status","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_unpaid_installments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO unpaid_installment_counts AS c (due_date, slot, count)
      SELECT due_date, counter_slot(), count(*) FROM new_rows
      WHERE principal_paid < principal_due OR interest_paid < interest_due
      GROUP BY due_date ORDER BY due_date
    ON CONFLICT (due_date, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO unpaid_installment_counts AS c (due_date, slot, count)
      SELECT due_date, counter_slot(), -count(*) FROM old_rows
      WHERE principal_paid < principal_due OR interest_paid < interest_due
      GROUP BY due_date ORDER BY due_date
    ON CONFLICT (due_date, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO unpaid_installment_counts AS c (due_date, slot, count)
      SELECT due_date, counter_slot(), sum(n) FROM (
        SELECT due_date, 1 AS n FROM new_rows
        WHERE principal_paid < principal_due OR interest_paid < interest_due
        UNION ALL
        SELECT due_date, -1 AS n FROM old_rows
        WHERE principal_paid < principal_due OR interest_paid < interest_due
      ) x GROUP BY due_date HAVING sum(n) <> 0 ORDER BY due_date
    ON CONFLICT (due_date, slot) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_arrears() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO arrears_counts AS c (oldest_unpaid_due_date, slot, count)
      SELECT oldest_unpaid_due_date, counter_slot(), count(*) FROM new_rows
      WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
      GROUP BY oldest_unpaid_due_date ORDER BY oldest_unpaid_due_date
    ON CONFLICT (oldest_unpaid_due_date, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO arrears_counts AS c (oldest_unpaid_due_date, slot, count)
      SELECT oldest_unpaid_due_date, counter_slot(), -count(*) FROM old_rows
      WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
      GROUP BY oldest_unpaid_due_date ORDER BY oldest_unpaid_due_date
    ON CONFLICT (oldest_unpaid_due_date, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO arrears_counts AS c (oldest_unpaid_due_date, slot, count)
      SELECT oldest_unpaid_due_date, counter_slot(), sum(n) FROM (
        SELECT oldest_unpaid_due_date, 1 AS n FROM new_rows
        WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
        UNION ALL
        SELECT oldest_unpaid_due_date, -1 AS n FROM old_rows
        WHERE status <> 'FULLY_PAID' AND oldest_unpaid_due_date IS NOT NULL
      ) x GROUP BY oldest_unpaid_due_date HAVING sum(n) <> 0 ORDER BY oldest_unpaid_due_date
    ON CONFLICT (oldest_unpaid_due_date, slot) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_loans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table exists only for its events, hence one query per event. The net change per
  -- status is applied in status order, so two transactions never wait on each other in a cycle.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO loan_status_totals AS t (status, slot, count, amount, total_payable, total_payments, repayment_count)
      SELECT status, counter_slot(), count(*), sum(amount), sum(total_payable), sum(total_payments), sum(repayment_count)
      FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
      total_payable = t.total_payable + excluded.total_payable, total_payments = t.total_payments + excluded.total_payments,
      repayment_count = t.repayment_count + excluded.repayment_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO loan_status_totals AS t (status, slot, count, amount, total_payable, total_payments, repayment_count)
      SELECT status, counter_slot(), -count(*), -sum(amount), -sum(total_payable), -sum(total_payments), -sum(repayment_count)
      FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
      total_payable = t.total_payable + excluded.total_payable, total_payments = t.total_payments + excluded.total_payments,
      repayment_count = t.repayment_count + excluded.repayment_count;
  ELSE
    INSERT INTO loan_status_totals AS t (status, slot, count, amount, total_payable, total_payments, repayment_count)
      SELECT status, counter_slot(), sum(n), sum(amount), sum(total_payable), sum(total_payments), sum(repayment_count) FROM (
        SELECT status, 1 AS n, amount, total_payable, total_payments, repayment_count FROM new_rows
        UNION ALL
        SELECT status, -1 AS n, -amount, -total_payable, -total_payments, -repayment_count FROM old_rows
      ) x GROUP BY status
      HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(total_payable) <> 0 OR sum(total_payments) <> 0 OR sum(repayment_count) <> 0
      ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
      total_payable = t.total_payable + excluded.total_payable, total_payments = t.total_payments + excluded.total_payments,
      repayment_count = t.repayment_count + excluded.repayment_count;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_repayments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO repayment_daily_counts AS c (day, slot, on_time, late)
    SELECT ((paid_at AT TIME ZONE 'UTC') + interval '3 hours')::date, counter_slot(),
           count(*) FILTER (WHERE days_late_at_payment = 0), count(*) FILTER (WHERE days_late_at_payment > 0)
    FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (day, slot) DO UPDATE SET on_time = c.on_time + excluded.on_time, late = c.late + excluded.late;
  RETURN NULL;
END;
$$;
