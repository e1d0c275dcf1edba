-- case_status_counts follows every insert, delete and status change of cases. Inserts and deletes are
-- counted per statement (transition tables), so a bulk load costs one update per status, not per row.
CREATE OR REPLACE FUNCTION cvdp_count_cases_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO case_status_counts (status, n)
    SELECT status, count(*) FROM new_cases GROUP BY status
  ON CONFLICT (status) DO UPDATE SET n = case_status_counts.n + EXCLUDED.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_count_inserted AFTER INSERT ON cases
  REFERENCING NEW TABLE AS new_cases FOR EACH STATEMENT EXECUTE FUNCTION cvdp_count_cases_inserted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cvdp_count_cases_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE case_status_counts c SET n = c.n - d.k
    FROM (SELECT status, count(*) AS k FROM old_cases GROUP BY status) d
    WHERE c.status = d.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_count_deleted AFTER DELETE ON cases
  REFERENCING OLD TABLE AS old_cases FOR EACH STATEMENT EXECUTE FUNCTION cvdp_count_cases_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cvdp_count_cases_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE case_status_counts SET n = n - 1 WHERE status = OLD.status;
  INSERT INTO case_status_counts (status, n) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET n = case_status_counts.n + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_count_status_changed AFTER UPDATE OF status ON cases
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION cvdp_count_cases_status_changed();
--> statement-breakpoint
INSERT INTO case_status_counts (status, n) SELECT status, count(*) FROM cases GROUP BY status
  ON CONFLICT (status) DO UPDATE SET n = EXCLUDED.n;
