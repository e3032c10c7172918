-- The loans worklist filtered by a range of next due dates (an arrears bucket, "1-30 days"), newest
-- first, walked loans_opening_date_idx and skipped every loan whose next due date lay outside the
-- range: the newest loans, not yet due, about 300 of them for each loan on the page, ten times as
-- many at a million users as at a hundred thousand (docs/scale.md, "Arrears by due day"). With this
-- index a page reads each day of the range in opening order and merges the days: at most
-- days × (offset + limit) entries, whatever the size of the platform. The status is included so that
-- a status filter is tested in the index as well.
CREATE INDEX "loans_due_day_opening_idx" ON "loans" USING btree ("oldest_unpaid_due_date","opening_date","id") INCLUDE ("status") WHERE "loans"."oldest_unpaid_due_date" is not null;
