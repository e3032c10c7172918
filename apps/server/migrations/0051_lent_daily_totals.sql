-- What lenders put into loans this month (the marketplace statistics) read a month of participations
-- on every request: 9,720 of them at scale 100 at the start of a month's business, ten times as many
-- at scale 1000 by its end. The principal lent per Kampala day is kept by triggers on participations:
-- statement triggers for inserts and deletes, and a row trigger that fires only when a participation's
-- lender, share or time is changed, so a repayment (which moves what the participation was repaid)
-- never runs it.
CREATE TABLE "lent_daily_totals" (
	"day" date NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lent_daily_totals_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
CREATE FUNCTION recount_counter_lent_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lent_daily_totals;
  INSERT INTO lent_daily_totals (day, amount)
    SELECT ((created_at AT TIME ZONE 'UTC') + interval '3 hours')::date, sum(principal_share)
    FROM participations WHERE lender_id IS NOT NULL GROUP BY 1;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_lent_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    INSERT INTO lent_daily_totals AS t (day, slot, amount)
      SELECT day, counter_slot(), sum(amount) FROM (
        SELECT ((NEW.created_at AT TIME ZONE 'UTC') + interval '3 hours')::date AS day, NEW.principal_share AS amount
         WHERE NEW.lender_id IS NOT NULL
        UNION ALL
        SELECT ((OLD.created_at AT TIME ZONE 'UTC') + interval '3 hours')::date, -OLD.principal_share
         WHERE OLD.lender_id IS NOT NULL
      ) x GROUP BY day HAVING sum(amount) <> 0 ORDER BY day
    ON CONFLICT (day, slot) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO lent_daily_totals AS t (day, slot, amount)
      SELECT ((created_at AT TIME ZONE 'UTC') + interval '3 hours')::date, counter_slot(), sum(principal_share)
      FROM new_rows WHERE lender_id IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, slot) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSE
    INSERT INTO lent_daily_totals AS t (day, slot, amount)
      SELECT ((created_at AT TIME ZONE 'UTC') + interval '3 hours')::date, counter_slot(), -sum(principal_share)
      FROM old_rows WHERE lender_id IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, slot) DO UPDATE SET amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER participations_lent_insert AFTER INSERT ON participations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lent_days();--> statement-breakpoint
CREATE TRIGGER participations_lent_delete AFTER DELETE ON participations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lent_days();--> statement-breakpoint
CREATE TRIGGER participations_lent_update AFTER UPDATE OF lender_id, principal_share, created_at ON participations
  FOR EACH ROW EXECUTE FUNCTION count_lent_days();--> statement-breakpoint
SELECT recount_counter_lent_days();
