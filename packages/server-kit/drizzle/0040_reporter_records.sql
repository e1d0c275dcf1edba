CREATE TABLE "reporter_records" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"valid_cases" integer DEFAULT 0 NOT NULL,
	"not_vulnerability_closed" timestamp with time zone[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reporter_records" ADD CONSTRAINT "reporter_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A reporter's record from their reports' cases, as the triage score reads it (services/coordination/src/
-- triage-quality/thresholds.ts holds the same numbers and names: NOT_VULNERABILITY_MIN = 3, the invalid
-- resolutions "not a vulnerability" and "duplicate"; status 2 is closed). Exact at every write: the triggers
-- below call it for each reporter a change touches, and it reads that reporter's history only.
CREATE FUNCTION cvdp_refresh_reporter_record(p_user integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO reporter_records (user_id, valid_cases, not_vulnerability_closed)
  SELECT p_user,
    (SELECT count(DISTINCT c.id) FROM reports r JOIN cases c ON c.id = r.case_id
      WHERE r.submitted_by = p_user AND c.activated_at IS NOT NULL
        AND (c.resolution_id IS NULL OR c.resolution_id NOT IN
          (SELECT id FROM resolution_options WHERE lower(name) IN ('not a vulnerability', 'duplicate')))),
    coalesce((SELECT array_agg(closed_at ORDER BY closed_at DESC) FROM (
      SELECT DISTINCT c.id, c.closed_at FROM reports r JOIN cases c ON c.id = r.case_id
       WHERE r.submitted_by = p_user AND c.status = 2 AND c.closed_at IS NOT NULL
         AND c.resolution_id IN (SELECT id FROM resolution_options WHERE lower(name) = 'not a vulnerability')
       ORDER BY c.closed_at DESC LIMIT 3) latest), '{}')
  WHERE EXISTS (SELECT 1 FROM users WHERE id = p_user)
  ON CONFLICT (user_id) DO UPDATE
    SET valid_cases = EXCLUDED.valid_cases, not_vulnerability_closed = EXCLUDED.not_vulnerability_closed;
$$;
--> statement-breakpoint
CREATE FUNCTION cvdp_reporter_record_of_case() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cvdp_refresh_reporter_record(s.submitted_by)
     FROM (SELECT DISTINCT submitted_by FROM reports WHERE case_id = NEW.id AND submitted_by IS NOT NULL) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_reporter_records AFTER UPDATE OF status, activated_at, resolution_id, closed_at ON cases
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.activated_at IS DISTINCT FROM NEW.activated_at
    OR OLD.resolution_id IS DISTINCT FROM NEW.resolution_id OR OLD.closed_at IS DISTINCT FROM NEW.closed_at)
  EXECUTE FUNCTION cvdp_reporter_record_of_case();
--> statement-breakpoint
CREATE FUNCTION cvdp_reporter_record_of_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.submitted_by IS NOT NULL THEN
    PERFORM cvdp_refresh_reporter_record(OLD.submitted_by);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.submitted_by IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.submitted_by IS DISTINCT FROM OLD.submitted_by OR NEW.case_id IS DISTINCT FROM OLD.case_id) THEN
    PERFORM cvdp_refresh_reporter_record(NEW.submitted_by);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_reporter_records AFTER INSERT OR DELETE OR UPDATE OF submitted_by, case_id ON reports
  FOR EACH ROW EXECUTE FUNCTION cvdp_reporter_record_of_report();
--> statement-breakpoint
-- A resolution renamed into or out of the invalid ones changes every record that counts it: all are made again
-- (an administrator's rare edit).
CREATE FUNCTION cvdp_reporter_records_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cvdp_refresh_reporter_record(s.submitted_by)
     FROM (SELECT DISTINCT submitted_by FROM reports WHERE submitted_by IS NOT NULL) s;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER resolution_options_reporter_records AFTER UPDATE OF name OR DELETE ON resolution_options
  FOR EACH STATEMENT EXECUTE FUNCTION cvdp_reporter_records_all();
--> statement-breakpoint
SELECT cvdp_refresh_reporter_record(s.submitted_by)
  FROM (SELECT DISTINCT submitted_by FROM reports WHERE submitted_by IS NOT NULL) s;
