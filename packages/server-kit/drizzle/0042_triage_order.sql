CREATE TABLE "triage_order" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"held" boolean NOT NULL,
	"reporter_id" integer,
	"score_plain" smallint NOT NULL,
	"score_nv" smallint NOT NULL,
	"nv_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "triage_order" ADD CONSTRAINT "triage_order_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "triage_order_plain_idx" ON "triage_order" USING btree ("held","score_plain","created_at","case_id");--> statement-breakpoint
CREATE INDEX "triage_order_nv_idx" ON "triage_order" USING btree ("held","score_nv","created_at","case_id") WHERE "triage_order"."nv_until" is not null;--> statement-breakpoint
CREATE INDEX "triage_order_reporter_idx" ON "triage_order" USING btree ("reporter_id");--> statement-breakpoint
-- What each waiting case's row holds, from its sources (one definition for the triggers' single rows and the
-- rebuild of all rows). The numbers are services/coordination/src/triage-quality/thresholds.ts's (quality.test.ts
-- checks the stored order against the score triage-quality/store.ts works out from the sources): weights
-- missing_steps 25, missing_version 15, no_poc 15, common_text 25 (common_share >= 0.75),
-- reporter_not_vulnerability 30 (the 3rd latest such closure within 30 days = 2,592,000 s), valid history +15
-- (2 valid cases); the score is kept within 0–100.
CREATE VIEW triage_order_source AS
SELECT c.id AS case_id, c.created_at,
       EXISTS (SELECT 1 FROM held_reports h WHERE h.case_id = c.id AND h.released_at IS NULL) AS held,
       r.submitted_by AS reporter_id,
       least(100, greatest(0, 100 - p.penalty + p.bonus))::smallint AS score_plain,
       least(100, greatest(0, 100 - p.penalty - 30 + p.bonus))::smallint AS score_nv,
       rep.not_vulnerability_closed[3] + interval '2592000 seconds' AS nv_until
  FROM cases c
  LEFT JOIN reports r ON r.id = (SELECT id FROM reports WHERE case_id = c.id ORDER BY id LIMIT 1)
  LEFT JOIN report_quality q ON q.report_id = r.id
  LEFT JOIN reporter_records rep ON rep.user_id = r.submitted_by
  CROSS JOIN LATERAL (SELECT
         CASE WHEN coalesce(q.missing_steps, false) THEN 25 ELSE 0 END
       + CASE WHEN coalesce(q.missing_version, false) THEN 15 ELSE 0 END
       + CASE WHEN coalesce(q.no_poc, false) THEN 15 ELSE 0 END
       + CASE WHEN coalesce(q.common_share, 0) >= 0.75 THEN 25 ELSE 0 END AS penalty,
         CASE WHEN coalesce(rep.valid_cases, 0) >= 2 THEN 15 ELSE 0 END AS bonus) p
 WHERE c.status = 0;
--> statement-breakpoint
CREATE FUNCTION cvdp_refresh_triage_order(p_case integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_case IS NULL THEN RETURN; END IF;
  INSERT INTO triage_order (case_id, created_at, held, reporter_id, score_plain, score_nv, nv_until)
  SELECT case_id, created_at, held, reporter_id, score_plain, score_nv, nv_until
    FROM triage_order_source WHERE case_id = p_case
  ON CONFLICT (case_id) DO UPDATE
    SET created_at = EXCLUDED.created_at, held = EXCLUDED.held, reporter_id = EXCLUDED.reporter_id,
        score_plain = EXCLUDED.score_plain, score_nv = EXCLUDED.score_nv, nv_until = EXCLUDED.nv_until;
  IF NOT FOUND THEN
    DELETE FROM triage_order WHERE case_id = p_case;
  END IF;
END $$;
--> statement-breakpoint
-- Every row again, set-based (this migration, and seeds that turn the triggers off while they load).
CREATE FUNCTION cvdp_rebuild_triage_order() RETURNS void LANGUAGE sql AS $$
  DELETE FROM triage_order;
  INSERT INTO triage_order (case_id, created_at, held, reporter_id, score_plain, score_nv, nv_until)
  SELECT case_id, created_at, held, reporter_id, score_plain, score_nv, nv_until FROM triage_order_source;
$$;
--> statement-breakpoint
CREATE FUNCTION cvdp_triage_order_of_case() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cvdp_refresh_triage_order(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_triage_order AFTER INSERT ON cases
  FOR EACH ROW WHEN (NEW.status = 0) EXECUTE FUNCTION cvdp_triage_order_of_case();
--> statement-breakpoint
CREATE TRIGGER cases_triage_order_update AFTER UPDATE OF status, created_at ON cases
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION cvdp_triage_order_of_case();
--> statement-breakpoint
-- A report filed, moved, deleted or re-attributed changes which report is first and whose record counts.
CREATE FUNCTION cvdp_triage_order_of_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM cvdp_refresh_triage_order(OLD.case_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.case_id IS DISTINCT FROM OLD.case_id) THEN
    PERFORM cvdp_refresh_triage_order(NEW.case_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_triage_order AFTER INSERT OR DELETE OR UPDATE OF case_id, submitted_by ON reports
  FOR EACH ROW EXECUTE FUNCTION cvdp_triage_order_of_report();
--> statement-breakpoint
CREATE FUNCTION cvdp_triage_order_of_report_quality() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cvdp_refresh_triage_order((SELECT case_id FROM reports
     WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.report_id ELSE NEW.report_id END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_quality_triage_order AFTER INSERT OR DELETE ON report_quality
  FOR EACH ROW EXECUTE FUNCTION cvdp_triage_order_of_report_quality();
--> statement-breakpoint
CREATE TRIGGER report_quality_triage_order_update AFTER UPDATE ON report_quality
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION cvdp_triage_order_of_report_quality();
--> statement-breakpoint
-- A reporter's record changed: their waiting cases' scores (found through triage_order_reporter_idx).
CREATE FUNCTION cvdp_triage_order_of_reporter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cvdp_refresh_triage_order(o.case_id) FROM triage_order o
    WHERE o.reporter_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reporter_records_triage_order AFTER INSERT OR DELETE ON reporter_records
  FOR EACH ROW EXECUTE FUNCTION cvdp_triage_order_of_reporter();
--> statement-breakpoint
-- Each report filed makes its reporter's record again, mostly unchanged: only a change reaches their cases.
CREATE TRIGGER reporter_records_triage_order_update AFTER UPDATE ON reporter_records
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION cvdp_triage_order_of_reporter();
--> statement-breakpoint
CREATE FUNCTION cvdp_triage_order_of_held() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM cvdp_refresh_triage_order(OLD.case_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM cvdp_refresh_triage_order(NEW.case_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER held_reports_triage_order AFTER INSERT OR DELETE OR UPDATE ON held_reports
  FOR EACH ROW EXECUTE FUNCTION cvdp_triage_order_of_held();
--> statement-breakpoint
SELECT cvdp_rebuild_triage_order();
