-- The back-office lenders list counted every open lender on each page, and the unverified ones
-- through their profiles: 5.5 and 20 ms a request at scale 1000 (30,107 lenders), where the page
-- itself is the same few hundred rows at any scale (issue 20, docs/scale.md "The lenders list
-- counted from running counts"). Open lenders (role lender, not deleted) are kept here by whether
-- they are verified (a lender without a profile is not), by statement triggers on users and on
-- lender_profiles in the writer's transaction, sharded by counter_slot() (migration 0033), and rebuilt
-- by recount_counter_lenders() (run by recount_counters() and the scale seed after its load). A
-- profile's user must exist (its foreign key), so a user is only ever deleted after its profile.
CREATE TABLE "lender_counts" (
	"verified" boolean NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lender_counts_verified_slot_pk" PRIMARY KEY("verified","slot")
);
--> statement-breakpoint
CREATE FUNCTION recount_counter_lenders() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lender_counts;
  INSERT INTO lender_counts (verified, count)
    SELECT lp.verified_at IS NOT NULL, count(*)
    FROM users u LEFT JOIN lender_profiles lp ON lp.user_id = u.id
    WHERE u.role = 'lender' AND u.deleted_at IS NULL
    GROUP BY 1;
END;
$$;
--> statement-breakpoint
-- Users becoming or ceasing to be open lenders, counted by their profile as it stands.
CREATE FUNCTION count_lenders_of_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lender_counts AS c (verified, slot, count)
      SELECT false, counter_slot(), count(*) FROM new_rows
      WHERE role = 'lender' AND deleted_at IS NULL HAVING count(*) > 0
    ON CONFLICT (verified, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lender_counts AS c (verified, slot, count)
      SELECT lp.verified_at IS NOT NULL, counter_slot(), -count(*)
      FROM old_rows o LEFT JOIN lender_profiles lp ON lp.user_id = o.id
      WHERE o.role = 'lender' AND o.deleted_at IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (verified, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO lender_counts AS c (verified, slot, count)
      SELECT lp.verified_at IS NOT NULL, counter_slot(), sum(x.n)
      FROM (
        SELECT id, 1 AS n FROM new_rows WHERE role = 'lender' AND deleted_at IS NULL
        UNION ALL SELECT id, -1 FROM old_rows WHERE role = 'lender' AND deleted_at IS NULL
      ) x LEFT JOIN lender_profiles lp ON lp.user_id = x.id
      GROUP BY 1 HAVING sum(x.n) <> 0 ORDER BY 1
    ON CONFLICT (verified, slot) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An open lender's profile made, verified (or not) or removed: it moves between the two counts. Before
-- its profile, and after it, a lender counts as not verified.
CREATE FUNCTION count_lenders_of_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lender_counts AS c (verified, slot, count)
      SELECT x.verified, counter_slot(), sum(x.n)
      FROM (
        SELECT user_id, verified_at IS NOT NULL AS verified, 1 AS n FROM new_rows
        UNION ALL SELECT user_id, false, -1 FROM new_rows
      ) x JOIN users u ON u.id = x.user_id AND u.role = 'lender' AND u.deleted_at IS NULL
      GROUP BY 1 HAVING sum(x.n) <> 0 ORDER BY 1
    ON CONFLICT (verified, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lender_counts AS c (verified, slot, count)
      SELECT x.verified, counter_slot(), sum(x.n)
      FROM (
        SELECT user_id, verified_at IS NOT NULL AS verified, -1 AS n FROM old_rows
        UNION ALL SELECT user_id, false, 1 FROM old_rows
      ) x JOIN users u ON u.id = x.user_id AND u.role = 'lender' AND u.deleted_at IS NULL
      GROUP BY 1 HAVING sum(x.n) <> 0 ORDER BY 1
    ON CONFLICT (verified, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO lender_counts AS c (verified, slot, count)
      SELECT x.verified, counter_slot(), sum(x.n)
      FROM (
        SELECT user_id, verified_at IS NOT NULL AS verified, 1 AS n FROM new_rows
        UNION ALL SELECT user_id, verified_at IS NOT NULL, -1 FROM old_rows
      ) x JOIN users u ON u.id = x.user_id AND u.role = 'lender' AND u.deleted_at IS NULL
      GROUP BY 1 HAVING sum(x.n) <> 0 ORDER BY 1
    ON CONFLICT (verified, slot) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_lenders_counted_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lenders_of_users();--> statement-breakpoint
CREATE TRIGGER users_lenders_counted_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lenders_of_users();--> statement-breakpoint
CREATE TRIGGER users_lenders_counted_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lenders_of_users();--> statement-breakpoint
CREATE TRIGGER lender_profiles_counted_insert AFTER INSERT ON lender_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lenders_of_profiles();--> statement-breakpoint
CREATE TRIGGER lender_profiles_counted_update AFTER UPDATE ON lender_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lenders_of_profiles();--> statement-breakpoint
CREATE TRIGGER lender_profiles_counted_delete AFTER DELETE ON lender_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_lenders_of_profiles();--> statement-breakpoint
SELECT recount_counter_lenders();
