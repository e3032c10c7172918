-- A common surname's search counted its matches up to the cap of 1,000 through a trigram index,
-- and GIN builds the whole bitmap of matches before the count reads its first row: at a million
-- users "kansiime" cost 6 ms of bitmap and 5 ms of sorting its pages before 1,001 rows were read
-- (docs/scale.md, "What still grows: a common name's count"). A row whose search text holds a word
-- holding the term matches the term, so the most holders of any such word are a lower bound of the
-- matches. This table keeps, per list, how many rows hold each word; a search whose term lies in a
-- word held by more than the cap is past the cap without reading the bitmap
-- (db/filter-count.ts, docs/scale.md "A common word settles a count").
CREATE TABLE "search_word_counts" (
	"list" text NOT NULL,
	"word" text NOT NULL,
	"holders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_word_counts_list_word_pk" PRIMARY KEY("list","word"),
	CONSTRAINT "search_word_counts_list" CHECK ("search_word_counts"."list" in ('users', 'applications', 'loans'))
);
--> statement-breakpoint
CREATE INDEX "search_word_counts_common_idx" ON "search_word_counts" USING btree ("list","holders","word");--> statement-breakpoint
-- A text's words, each once: the runs of letters and digits between other characters that are two
-- or more of the letters a to z and nothing else. Names, e-mail domains and e-mail parts without
-- digits are words; a NIN (cm92mb7pxuyyed), a phone number or pauline83 are not, so the table holds
-- the vocabulary of names rather than a row per document (the NINs' letters alone made 600,000
-- words at scale 1000). The texts are lower-cased already; a letter outside a to z splits or drops a
-- word, which only weakens the bound, never breaks it.
CREATE FUNCTION search_words_of(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(body, '[^a-z0-9]+') AS word WHERE word ~ '^[a-z]{2,}$'
$$;
--> statement-breakpoint
-- Adds each added text's words and takes away each removed text's, in one statement whose rows are
-- locked in word order, so two writers never wait for each other in a circle.
CREATE FUNCTION count_search_words(of_list text, added_texts text[], removed_texts text[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_word_counts AS c (list, word, holders)
    SELECT of_list, w.word, sum(t.delta)::int
      FROM (SELECT body, 1 AS delta FROM unnest(added_texts) AS body
            UNION ALL SELECT body, -1 FROM unnest(removed_texts) AS body) AS t,
           LATERAL search_words_of(t.body) AS w(word)
      GROUP BY w.word HAVING sum(t.delta) <> 0 ORDER BY w.word
  ON CONFLICT (list, word) DO UPDATE SET holders = c.holders + excluded.holders
$$;
--> statement-breakpoint
-- Open accounts only, as the users search counts them. Each transition table exists only for its
-- events, hence one call per event; an update counts only rows whose text or openness changed (a
-- sign-in changes neither).
CREATE FUNCTION count_user_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM count_search_words('users', array(SELECT search_text FROM new_rows WHERE deleted_at IS NULL), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM count_search_words('users', '{}', array(SELECT search_text FROM old_rows WHERE deleted_at IS NULL));
  ELSE
    PERFORM count_search_words('users',
      array(SELECT n.search_text FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.deleted_at IS NULL AND (o.deleted_at IS NOT NULL OR o.search_text IS DISTINCT FROM n.search_text)),
      array(SELECT o.search_text FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE o.deleted_at IS NULL AND (n.deleted_at IS NOT NULL OR o.search_text IS DISTINCT FROM n.search_text)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_words_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_user_search_words();
--> statement-breakpoint
CREATE TRIGGER users_search_words_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_user_search_words();
--> statement-breakpoint
CREATE TRIGGER users_search_words_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_user_search_words();
--> statement-breakpoint
-- The applications' and the loans' search texts: every row counts. TG_ARGV[0] names the list.
CREATE FUNCTION count_search_text_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM count_search_words(TG_ARGV[0], array(SELECT search_text FROM new_rows), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM count_search_words(TG_ARGV[0], '{}', array(SELECT search_text FROM old_rows));
  ELSE
    -- The texts are keyed by their application or loan, which never changes: the two tables'
    -- texts, less those that stayed the same, are what changed.
    PERFORM count_search_words(TG_ARGV[0],
      array(SELECT search_text FROM new_rows EXCEPT ALL SELECT search_text FROM old_rows),
      array(SELECT search_text FROM old_rows EXCEPT ALL SELECT search_text FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER application_search_texts_words_insert AFTER INSERT ON application_search_texts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_search_text_words('applications');
--> statement-breakpoint
CREATE TRIGGER application_search_texts_words_update AFTER UPDATE ON application_search_texts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_search_text_words('applications');
--> statement-breakpoint
CREATE TRIGGER application_search_texts_words_delete AFTER DELETE ON application_search_texts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_search_text_words('applications');
--> statement-breakpoint
CREATE TRIGGER loan_search_texts_words_insert AFTER INSERT ON loan_search_texts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_search_text_words('loans');
--> statement-breakpoint
CREATE TRIGGER loan_search_texts_words_update AFTER UPDATE ON loan_search_texts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_search_text_words('loans');
--> statement-breakpoint
CREATE TRIGGER loan_search_texts_words_delete AFTER DELETE ON loan_search_texts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_search_text_words('loans');
--> statement-breakpoint
-- Run by recount_counters() (migration 0014), as the scale seed does after its load.
CREATE FUNCTION recount_counter_search_words() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_word_counts;
  INSERT INTO search_word_counts (list, word, holders)
    SELECT 'users', w.word, count(*) FROM users, LATERAL search_words_of(search_text) AS w(word)
      WHERE deleted_at IS NULL GROUP BY w.word
    UNION ALL
    SELECT 'applications', w.word, count(*) FROM application_search_texts, LATERAL search_words_of(search_text) AS w(word)
      GROUP BY w.word
    UNION ALL
    SELECT 'loans', w.word, count(*) FROM loan_search_texts, LATERAL search_words_of(search_text) AS w(word)
      GROUP BY w.word;
END $$;
--> statement-breakpoint
-- Counting the words of every search text takes about half a minute at a million users (scale
-- 1000: 5 s for the users, 6 s for the loans, the rest for the applications' longer texts), longer
-- than the app's statement timeout: migrations run without it (db/migrate.ts). The new triggers
-- hold writes to the three tables until this transaction commits.
SELECT recount_counter_search_words();
--> statement-breakpoint
ANALYZE "search_word_counts";
