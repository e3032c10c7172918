-- A search for "%odongo%" is planned from the searched column's histogram: PostgreSQL counts how
-- many of its entries match the pattern. With the default 100 entries a surname shared by 1.3 % of
-- the people matches none of them about a quarter of the time (0.987^101), and the estimate falls to
-- its floor of 0.01 %. At a million users the users page was then planned for 100 matches, as a
-- bitmap of all 12,950 sorted for the top ten (19 ms), where walking users_created_at_idx stops after
-- about 770 rows (docs/scale.md). A thousand entries make such a miss practically impossible; a rare
-- name still estimates at the floor, where the bitmap is the right plan.
ALTER TABLE "users" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "borrower_search_text" SET STATISTICS 1000;--> statement-breakpoint
-- The applications search matches the trigram index's expression, whose statistics are the index's.
ALTER INDEX "applications_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "users";--> statement-breakpoint
ANALYZE "loans";--> statement-breakpoint
ANALYZE "applications";
