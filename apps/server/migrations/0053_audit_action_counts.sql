-- The audit log screen counted its rows with count(*) on every page: 820 rows in the scale seed,
-- but a year of sign-ins and decisions is millions, read whole for each page (issue 20, docs/scale.md,
-- "The marketplace and back-office lists measured"). Rows per action are kept here by statement
-- triggers in the writer's transaction, sharded by counter_slot() (migration 0033), and rebuilt by
-- recount_counter_audit_log() (run by recount_counters() and the scale seed after its load). The
-- whole log's count is their sum; one action's, its rows' sum. The log is only ever inserted into,
-- but an update or delete is counted too, so the count stays true whatever writes it.
CREATE TABLE "audit_action_counts" (
	"action" text NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_action_counts_action_slot_pk" PRIMARY KEY("action","slot")
);
--> statement-breakpoint
CREATE FUNCTION recount_counter_audit_log() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM audit_action_counts;
  INSERT INTO audit_action_counts (action, count) SELECT action, count(*) FROM audit_log GROUP BY action;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_audit_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_action_counts AS c (action, slot, count)
      SELECT action, counter_slot(), count(*) FROM new_rows GROUP BY action ORDER BY action
    ON CONFLICT (action, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_action_counts AS c (action, slot, count)
      SELECT action, counter_slot(), -count(*) FROM old_rows GROUP BY action ORDER BY action
    ON CONFLICT (action, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO audit_action_counts AS c (action, slot, count)
      SELECT action, counter_slot(), sum(n) FROM (
        SELECT action, 1 AS n FROM new_rows UNION ALL SELECT action, -1 FROM old_rows
      ) x GROUP BY action HAVING sum(n) <> 0 ORDER BY action
    ON CONFLICT (action, slot) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_counted_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_audit_log();--> statement-breakpoint
CREATE TRIGGER audit_log_counted_update AFTER UPDATE ON audit_log
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_audit_log();--> statement-breakpoint
CREATE TRIGGER audit_log_counted_delete AFTER DELETE ON audit_log REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_audit_log();--> statement-breakpoint
SELECT recount_counter_audit_log();
