-- A posting's lines are written together, one statement per posting, so they share heap pages, and
-- ANALYZE's page sample sees the same posting many times: at scale 1000 it judged 670,451 postings
-- among 125 million lines (186 lines each) where there are 29 million (4.3 each). Planned with 186
-- lines a posting, the lenders' daily digest read every line of the ledger (30 s) rather than the
-- day's postings' lines by key (1.8 s). About four lines a posting is what the ledger writes (a
-- repayment's share posting has one line per lender, a deposit two), so the estimate is set, not
-- sampled (docs/scale.md, "The lenders' daily digest and monthly statement read the whole ledger").
ALTER TABLE "ledger_entries" ALTER COLUMN "posting_id" SET (n_distinct = -0.25);--> statement-breakpoint
ANALYZE "ledger_entries";
