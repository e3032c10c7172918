DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_open_status_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_open_status_created_idx" ON "users" USING btree ("status","created_at","id") WHERE "users"."deleted_at" is null;