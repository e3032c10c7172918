-- The marketplace's pagers and statistics counted whole tables on every request: the listings by
-- status (a scan of every listing), the live bids' amount and the active lenders (every bid, twice),
-- the accepted offers' weighted rate (every offer). At scale 100 the statistics answered 5 requests a
-- second (docs/scale.md, "The marketplace and back-office lists measured"). These totals are kept by
-- statement-level triggers in the writer's transaction, sharded by counter_slot() like the
-- settlements' (migration 0033), and rebuilt by recount_counter_marketplace() (run by
-- recount_counters() and the scale seed after its load).
CREATE TABLE "bid_status_totals" (
	"status" "bid_status" NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bid_status_totals_status_slot_pk" PRIMARY KEY("status","slot")
);
--> statement-breakpoint
CREATE TABLE "lender_active_bids" (
	"lender_id" integer PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_status_counts" (
	"status" "listing_status" NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_status_counts_status_slot_pk" PRIMARY KEY("status","slot")
);
--> statement-breakpoint
CREATE TABLE "offer_status_totals" (
	"status" "offer_status" NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"rate_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_status_totals_status_slot_pk" PRIMARY KEY("status","slot")
);
--> statement-breakpoint
CREATE FUNCTION recount_counter_marketplace() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listing_status_counts;
  INSERT INTO listing_status_counts (status, count) SELECT status, count(*) FROM listings GROUP BY status;
  DELETE FROM bid_status_totals;
  INSERT INTO bid_status_totals (status, count, amount) SELECT status, count(*), sum(amount) FROM bids GROUP BY status;
  DELETE FROM lender_active_bids;
  INSERT INTO lender_active_bids (lender_id, count)
    SELECT lender_id, count(*) FROM bids WHERE status IN ('LIVE', 'ACCEPTED') GROUP BY lender_id;
  DELETE FROM offer_status_totals;
  INSERT INTO offer_status_totals (status, count, amount, rate_amount)
    SELECT status, count(*), sum(amount), sum(rate_bp::bigint * amount) FROM offers GROUP BY status;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table exists only for its events, hence one query per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO listing_status_counts AS c (status, slot, count)
      SELECT status, counter_slot(), count(*) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO listing_status_counts AS c (status, slot, count)
      SELECT status, counter_slot(), -count(*) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO listing_status_counts AS c (status, slot, count)
      SELECT status, counter_slot(), sum(n) FROM (
        SELECT status, 1 AS n FROM new_rows UNION ALL SELECT status, -1 FROM old_rows
      ) x GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_bids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each transition table exists only for its events, hence one branch per event. The lenders'
  -- rows are written in lender order, so two writers never wait for each other in a circle.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bid_status_totals AS t (status, slot, count, amount)
      SELECT status, counter_slot(), count(*), sum(amount) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
    INSERT INTO lender_active_bids AS a (lender_id, count)
      SELECT lender_id, count(*) FROM new_rows WHERE status IN ('LIVE', 'ACCEPTED')
      GROUP BY lender_id ORDER BY lender_id
    ON CONFLICT (lender_id) DO UPDATE SET count = a.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO bid_status_totals AS t (status, slot, count, amount)
      SELECT status, counter_slot(), -count(*), -sum(amount) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
    INSERT INTO lender_active_bids AS a (lender_id, count)
      SELECT lender_id, -count(*) FROM old_rows WHERE status IN ('LIVE', 'ACCEPTED')
      GROUP BY lender_id ORDER BY lender_id
    ON CONFLICT (lender_id) DO UPDATE SET count = a.count + excluded.count;
  ELSE
    INSERT INTO bid_status_totals AS t (status, slot, count, amount)
      SELECT status, counter_slot(), sum(n), sum(amount) FROM (
        SELECT status, 1 AS n, amount FROM new_rows UNION ALL SELECT status, -1, -amount FROM old_rows
      ) x GROUP BY status HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount;
    INSERT INTO lender_active_bids AS a (lender_id, count)
      SELECT lender_id, sum(n) FROM (
        SELECT lender_id, 1 AS n FROM new_rows WHERE status IN ('LIVE', 'ACCEPTED')
        UNION ALL SELECT lender_id, -1 FROM old_rows WHERE status IN ('LIVE', 'ACCEPTED')
      ) x GROUP BY lender_id HAVING sum(n) <> 0 ORDER BY lender_id
    ON CONFLICT (lender_id) DO UPDATE SET count = a.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO offer_status_totals AS t (status, slot, count, amount, rate_amount)
      SELECT status, counter_slot(), count(*), sum(amount), sum(rate_bp::bigint * amount)
      FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
      rate_amount = t.rate_amount + excluded.rate_amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO offer_status_totals AS t (status, slot, count, amount, rate_amount)
      SELECT status, counter_slot(), -count(*), -sum(amount), -sum(rate_bp::bigint * amount)
      FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
      rate_amount = t.rate_amount + excluded.rate_amount;
  ELSE
    INSERT INTO offer_status_totals AS t (status, slot, count, amount, rate_amount)
      SELECT status, counter_slot(), sum(n), sum(amount), sum(rate_amount) FROM (
        SELECT status, 1 AS n, amount, rate_bp::bigint * amount AS rate_amount FROM new_rows
        UNION ALL SELECT status, -1, -amount, -(rate_bp::bigint * amount) FROM old_rows
      ) x GROUP BY status HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(rate_amount) <> 0 ORDER BY status
    ON CONFLICT (status, slot) DO UPDATE SET count = t.count + excluded.count, amount = t.amount + excluded.amount,
      rate_amount = t.rate_amount + excluded.rate_amount;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_count_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_listings();--> statement-breakpoint
CREATE TRIGGER listings_count_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_listings();--> statement-breakpoint
CREATE TRIGGER listings_count_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_listings();--> statement-breakpoint
CREATE TRIGGER bids_count_insert AFTER INSERT ON bids REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_bids();--> statement-breakpoint
CREATE TRIGGER bids_count_update AFTER UPDATE ON bids REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_bids();--> statement-breakpoint
CREATE TRIGGER bids_count_delete AFTER DELETE ON bids REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_bids();--> statement-breakpoint
CREATE TRIGGER offers_count_insert AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_offers();--> statement-breakpoint
CREATE TRIGGER offers_count_update AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_offers();--> statement-breakpoint
CREATE TRIGGER offers_count_delete AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_offers();--> statement-breakpoint
SELECT recount_counter_marketplace();
