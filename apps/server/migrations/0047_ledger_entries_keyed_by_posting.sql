-- A settlement writes a posting's lines together and reads them together, and every line was added
-- to two indexes for that: the key on its id and ledger_entries_posting_idx. Keyed by (posting, id),
-- one index serves the posting's lines in order (findEntriesOfPosting) and the unique id, and every
-- line costs one index insert fewer; the bulk seed builds one index fewer over its 125 million
-- lines (docs/scale.md, "The seed's generator, and the ledger's lines keyed by their posting").
-- Nothing refers to an entry's id alone. Rebuilding the key locks the table while it builds: on a
-- large live ledger, run it in a quiet hour.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_pkey";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_pkey" PRIMARY KEY("posting_id","id");--> statement-breakpoint
DROP INDEX "ledger_entries_posting_idx";
