-- The marketplace's and the lenders' lists read at scale 100 (issue 20, docs/scale.md "The marketplace
-- and back-office lists measured"): the listings' pages sorted every listing (0–100 req/s), the
-- lenders list counted and sorted every user, and a lender's participations were sorted by time.
DROP INDEX "listings_status_closes_idx";--> statement-breakpoint
DROP INDEX "participations_lender_idx";--> statement-breakpoint
CREATE INDEX "listings_closes_idx" ON "listings" USING btree ("closes_at","id");--> statement-breakpoint
CREATE INDEX "users_open_lenders_idx" ON "users" USING btree (lower("name"),"id") WHERE "users"."role" = 'lender' and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "listings_status_closes_idx" ON "listings" USING btree ("status","closes_at","id");--> statement-breakpoint
CREATE INDEX "participations_lender_idx" ON "participations" USING btree ("lender_id","created_at","id");