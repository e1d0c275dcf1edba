CREATE TABLE "duplicate_findings" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"suggestions" integer NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_quality" (
	"report_id" integer PRIMARY KEY NOT NULL,
	"missing_steps" boolean NOT NULL,
	"missing_version" boolean NOT NULL,
	"no_poc" boolean NOT NULL,
	"common_share" real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duplicate_findings" ADD CONSTRAINT "duplicate_findings_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_quality" ADD CONSTRAINT "report_quality_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 28, quality signals: a report's completeness flags and its share of common lexemes, kept beside its
-- duplicate_signals row (so every writer of reports is covered, and a proof-of-concept file arriving after the
-- report updates it). Fires after duplicate_signals_count_terms (triggers run in name order), so the
-- document frequencies include the report. "Common" is the duplicates domain's "not rare": in more than
-- greatest(RARE_TERM_MIN_CAP = 50, RARE_TERM_MAX_SHARE = 2 % of all rows) rows (duplicates/thresholds.ts);
-- below COMMON_MIN_ROWS = 100 rows every share is 0 (triage-quality/thresholds.ts names these numbers too).
CREATE OR REPLACE FUNCTION cvdp_report_quality() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_current jsonb := (SELECT current FROM reports WHERE id = NEW.report_id);
  v_product text := coalesce((SELECT a #>> '{}' FROM jsonb_path_query(v_current, 'strict $[*] ? (@.question == "Product").answer') a LIMIT 1), '');
  v_descr text := coalesce((SELECT string_agg(d #>> '{}', E'\n') FROM jsonb_path_query(v_current,
    'strict $[*] ? (@.question == "Describe the vulnerabilities").answer[*][*] ? (@.question == "Description").answer') d), '');
  v_poc text := coalesce((SELECT a #>> '{}' FROM jsonb_path_query(v_current, 'strict $[*] ? (@.question == "Proof of concept").answer') a LIMIT 1), '');
  v_rows int := coalesce((SELECT n FROM duplicate_terms WHERE term = ''), 0);
  v_common real := 0;
BEGIN
  IF v_current IS NULL THEN RETURN NULL; END IF;
  IF v_rows >= 100 AND cardinality(NEW.terms) > 0 THEN
    v_common := (SELECT count(*) FROM unnest(NEW.terms) t(term) JOIN duplicate_terms d USING (term)
                  WHERE d.n > greatest(50, v_rows * 0.02))::real / cardinality(NEW.terms);
  END IF;
  INSERT INTO report_quality (report_id, missing_steps, missing_version, no_poc, common_share)
  VALUES (NEW.report_id,
    -- Steps: "reproduce", "steps", a numbered or bulleted line, a curl command or an HTTP request line.
    v_descr !~* '(?n)(reproduc|\msteps?\M|^\s*([0-9]+[.)]|[-*•])\s+\S|\mcurl\s|\m(get|post|put|delete)\s+/)',
    -- A version: 2.3, v1.0.4, "version 7".
    (v_product || E'\n' || v_descr) !~* '((^|[^0-9a-z.])v?[0-9]+\.[0-9]+|\mversions?\s+v?[0-9])',
    v_poc = '' AND NOT EXISTS (SELECT 1 FROM unnest(NEW.keys) k WHERE k LIKE 'poc:%'),
    v_common)
  ON CONFLICT (report_id) DO UPDATE SET
    missing_steps = EXCLUDED.missing_steps, missing_version = EXCLUDED.missing_version,
    no_poc = EXCLUDED.no_poc, common_share = EXCLUDED.common_share;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER duplicate_signals_report_quality AFTER INSERT OR UPDATE ON duplicate_signals
  FOR EACH ROW WHEN (NEW.report_id IS NOT NULL) EXECUTE FUNCTION cvdp_report_quality();
--> statement-breakpoint
-- The reports already stored.
UPDATE duplicate_signals SET keys = keys WHERE report_id IS NOT NULL;
