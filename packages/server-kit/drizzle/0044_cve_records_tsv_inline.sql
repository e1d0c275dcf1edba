-- The queue's words are read row by row when a page walks an ordering's index for a common phrase (scoring
-- records/common-phrase.ts): keep `tsv` compressed inside the row (MAIN) rather than in the TOAST table, so that
-- checking a walked record's words reads no page beyond its row's. Metadata only: rows written from now on are
-- stored this way, and so is every row as it is next updated (tsv is a stored generated column, recomputed on
-- every UPDATE of its row: an ingest, a score, a lock).
ALTER TABLE "cve_records" ALTER COLUMN "tsv" SET STORAGE MAIN;
