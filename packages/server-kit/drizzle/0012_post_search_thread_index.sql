-- Posts of one thread matching words (GET /api/case/thread/{id}/posts/?search=): one GIN index on the thread
-- and the text together, for post entries only, so the search reads exactly the thread's hits instead of
-- ANDing the thread's entries with every entry holding the word. GIN over an integer column needs btree_gin
-- (PostgreSQL contrib, trusted since PostgreSQL 13; PGlite ships it and the kit loads it). Where the
-- extension cannot be had (not installed, or not allowed to this role) the index is skipped with a warning:
-- the search then works as before, on search_entries_tsv_idx, only slower.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS btree_gin;
  EXCEPTION WHEN undefined_file OR feature_not_supported OR insufficient_privilege OR object_not_in_prerequisite_state THEN
    RAISE WARNING 'btree_gin is not available (%): posts search in a thread runs without its index', SQLERRM;
    RETURN;
  END;
  CREATE INDEX IF NOT EXISTS search_entries_post_thread_tsv_idx ON search_entries USING gin (thread_id, tsv)
    WHERE type = 'post';
END $$;
