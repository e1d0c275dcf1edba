CREATE TABLE "duplicate_signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer,
	"report_id" integer,
	"cve_record_id" integer,
	"cve_id" text,
	"title" text DEFAULT '' NOT NULL,
	"products" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"cwes" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"keys" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"terms" text[] DEFAULT ARRAY[]::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duplicate_signals" ADD CONSTRAINT "duplicate_signals_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_signals" ADD CONSTRAINT "duplicate_signals_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_signals_report_idx" ON "duplicate_signals" USING btree ("report_id") WHERE "duplicate_signals"."report_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_signals_cve_record_idx" ON "duplicate_signals" USING btree ("cve_record_id") WHERE "duplicate_signals"."cve_record_id" is not null;--> statement-breakpoint
CREATE INDEX "duplicate_signals_case_idx" ON "duplicate_signals" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "duplicate_signals_keys_idx" ON "duplicate_signals" USING gin ("keys");--> statement-breakpoint
CREATE INDEX "duplicate_signals_products_idx" ON "duplicate_signals" USING gin ("products");--> statement-breakpoint
CREATE INDEX "duplicate_signals_terms_idx" ON "duplicate_signals" USING gin ("terms");
--> statement-breakpoint
-- What a report or a CVE record is recognised by (issue 28, likely duplicates), normalised the same way for
-- both sides. A product without its versions ("Widget 2.0" and "widget" match); an empty or n/a product is none.
CREATE OR REPLACE FUNCTION cvdp_dup_product(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN n IN ('', 'n a', 'na', 'unknown', 'all') THEN NULL ELSE n END FROM (
    SELECT trim(regexp_replace(
      regexp_replace(lower(coalesce(p, '')), '(^|[^a-z0-9])v?[0-9][a-z0-9._-]*', ' ', 'g'),
      '[^a-z0-9]+', ' ', 'g')) AS n
  ) x
$$;
--> statement-breakpoint
-- A reference URL without its scheme, www., fragment or trailing slashes and punctuation.
CREATE OR REPLACE FUNCTION cvdp_dup_url(u text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(regexp_replace(lower(u), '^[a-z]+://(www\.)?', ''), '(#.*)?[/.,;:]*$', '')
$$;
--> statement-breakpoint
-- CVE ids and URLs written anywhere in a text.
CREATE OR REPLACE FUNCTION cvdp_dup_text_keys(t text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT k), ARRAY[]::text[]) FROM (
    SELECT 'cve:' || m[1] AS k FROM regexp_matches(upper(coalesce(t, '')), '(CVE-[0-9]{4}-[0-9]{4,})', 'g') m
    UNION
    SELECT 'url:' || cvdp_dup_url(m[1]) FROM regexp_matches(coalesce(t, ''), '(https?://[^\s<>"''()\[\]]+)', 'gi') m
  ) keys WHERE k <> 'url:'
$$;
--> statement-breakpoint
-- The compared text's distinct lexemes (english full text: stemmed, no stop words), without bare numbers.
CREATE OR REPLACE FUNCTION cvdp_dup_terms(title text, descr text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(lexeme ORDER BY lexeme), ARRAY[]::text[])
  FROM unnest(to_tsvector('english'::regconfig, coalesce(title, '') || ' ' || coalesce(descr, '')))
  WHERE length(lexeme) >= 3 AND lexeme !~ '^[0-9._-]+$'
$$;
--> statement-breakpoint
-- Document frequencies: each row's lexemes counted once, the '' term counting rows. Lexemes are taken in
-- order, so two writers lock shared counters in the same order.
CREATE OR REPLACE FUNCTION cvdp_dup_count_terms() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text[] := CASE WHEN TG_OP = 'DELETE' THEN ARRAY[]::text[]
                       WHEN TG_OP = 'INSERT' THEN NEW.terms || ''::text
                       ELSE ARRAY(SELECT unnest(NEW.terms) EXCEPT SELECT unnest(OLD.terms)) END;
  removed text[] := CASE WHEN TG_OP = 'INSERT' THEN ARRAY[]::text[]
                         WHEN TG_OP = 'DELETE' THEN OLD.terms || ''::text
                         ELSE ARRAY(SELECT unnest(OLD.terms) EXCEPT SELECT unnest(NEW.terms)) END;
BEGIN
  IF cardinality(added) > 0 THEN
    INSERT INTO duplicate_terms (term, n) SELECT t, 1 FROM unnest(added) t ORDER BY t
      ON CONFLICT (term) DO UPDATE SET n = duplicate_terms.n + 1;
  END IF;
  IF cardinality(removed) > 0 THEN
    UPDATE duplicate_terms SET n = n - 1 WHERE term IN (SELECT t FROM unnest(removed) t ORDER BY t);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER duplicate_signals_count_terms AFTER INSERT OR DELETE OR UPDATE OF terms ON duplicate_signals
  FOR EACH ROW EXECUTE FUNCTION cvdp_dup_count_terms();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cvdp_dup_report_signals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_title text := coalesce((SELECT a #>> '{}' FROM jsonb_path_query(NEW.current, 'strict $[*] ? (@.question == "Title").answer') a LIMIT 1), '');
  v_product text := cvdp_dup_product((SELECT a #>> '{}' FROM jsonb_path_query(NEW.current, 'strict $[*] ? (@.question == "Product").answer') a LIMIT 1));
  v_descr text := (SELECT string_agg(d #>> '{}', ' ') FROM jsonb_path_query(NEW.current,
    'strict $[*] ? (@.question == "Describe the vulnerabilities").answer[*][*] ? (@.question == "Description").answer') d);
  v_cwes text[] := ARRAY(SELECT DISTINCT upper(c #>> '{}') FROM jsonb_path_query(NEW.current,
    'strict $[*] ? (@.question == "Describe the vulnerabilities").answer[*][*] ? (@.question == "Problem types (CWE)").answer[*]') c);
  v_keys text[] := cvdp_dup_text_keys(cvdp_report_text(NEW.current));
BEGIN
  INSERT INTO duplicate_signals (case_id, report_id, title, products, cwes, keys, terms)
  VALUES (NEW.case_id, NEW.id, v_title, CASE WHEN v_product IS NULL THEN ARRAY[]::text[] ELSE ARRAY[v_product] END,
    v_cwes, v_keys, cvdp_dup_terms(v_title, v_descr))
  ON CONFLICT (report_id) WHERE report_id IS NOT NULL DO UPDATE SET
    case_id = EXCLUDED.case_id, title = EXCLUDED.title, products = EXCLUDED.products, cwes = EXCLUDED.cwes,
    -- An edit keeps the proof-of-concept keys its files gave.
    keys = EXCLUDED.keys || ARRAY(SELECT k FROM unnest(duplicate_signals.keys) k WHERE k LIKE 'poc:%'),
    terms = EXCLUDED.terms;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_duplicate_signals AFTER INSERT OR UPDATE OF current, case_id ON reports
  FOR EACH ROW EXECUTE FUNCTION cvdp_dup_report_signals();
--> statement-breakpoint
-- A report's proof of concept arrives as an artifact after the report, in the same transaction: its hash
-- becomes a key of the case's newest report.
CREATE OR REPLACE FUNCTION cvdp_dup_poc_signal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.source = 'report' THEN
    UPDATE duplicate_signals SET keys = array_append(keys, 'poc:' || lower(NEW.sha256))
    WHERE report_id = (SELECT max(id) FROM reports WHERE case_id = NEW.case_id)
      AND NOT ('poc:' || lower(NEW.sha256)) = ANY (keys);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER artifacts_duplicate_signals AFTER INSERT ON artifacts
  FOR EACH ROW EXECUTE FUNCTION cvdp_dup_poc_signal();
--> statement-breakpoint
-- The scoring service's CVE records (a rejected one is no duplicate of anything).
CREATE OR REPLACE FUNCTION cvdp_dup_cve_signals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM duplicate_signals WHERE cve_record_id = OLD.id;
    RETURN NULL;
  END IF;
  IF NEW.state <> 'PUBLISHED' THEN
    DELETE FROM duplicate_signals WHERE cve_record_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO duplicate_signals (cve_record_id, cve_id, title, products, cwes, keys, terms)
  VALUES (NEW.id, NEW.cve_id, NEW.title,
    ARRAY(SELECT DISTINCT p FROM (SELECT cvdp_dup_product(x) p FROM unnest(NEW.products) x) n WHERE p IS NOT NULL),
    NEW.cwes,
    ARRAY(SELECT DISTINCT k FROM (
      SELECT 'cve:' || upper(NEW.cve_id) k
      UNION SELECT 'url:' || cvdp_dup_url(u #>> '{}') FROM jsonb_path_query(NEW.record, 'lax $.containers.cna.references[*].url') u
    ) ks WHERE k <> 'url:'),
    cvdp_dup_terms(NEW.title, NEW.description))
  ON CONFLICT (cve_record_id) WHERE cve_record_id IS NOT NULL DO UPDATE SET
    cve_id = EXCLUDED.cve_id, title = EXCLUDED.title, products = EXCLUDED.products, cwes = EXCLUDED.cwes,
    keys = EXCLUDED.keys, terms = EXCLUDED.terms;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cve_records_duplicate_signals AFTER INSERT OR UPDATE OF state, title, description, products, cwes, record OR DELETE ON cve_records
  FOR EACH ROW EXECUTE FUNCTION cvdp_dup_cve_signals();
--> statement-breakpoint
-- Reports and records that existed before.
UPDATE reports SET current = current;
--> statement-breakpoint
UPDATE cve_records SET state = state;
