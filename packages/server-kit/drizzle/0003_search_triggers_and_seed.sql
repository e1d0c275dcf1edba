-- Search: every case and report is indexed by triggers, so whatever writes them (routes, seeds,
-- benchmarks, transfers) keeps search_entries current. A report's body is the text of its answers.
CREATE OR REPLACE FUNCTION cvdp_index_case() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_entries (case_id, type, object_id, title, body, updated_at)
  VALUES (NEW.id, 'case', NEW.id::text, NEW.title, NEW.summary, now())
  ON CONFLICT (type, object_id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, updated_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_search_index AFTER INSERT OR UPDATE OF title, summary ON cases
  FOR EACH ROW EXECUTE FUNCTION cvdp_index_case();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cvdp_report_text(doc jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(t, ' '), '') FROM (
    SELECT CASE jsonb_typeof(a)
             WHEN 'string' THEN a #>> '{}'
             WHEN 'array' THEN (SELECT string_agg(e #>> '{}', ' ') FROM jsonb_array_elements(a) e
                                WHERE jsonb_typeof(e) = 'string')
           END AS t
    FROM jsonb_path_query(doc, 'strict $.**.answer') a
  ) answers
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cvdp_index_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_entries (case_id, type, object_id, title, body, updated_at)
  VALUES (
    NEW.case_id, 'report', NEW.id::text,
    coalesce((SELECT a #>> '{}' FROM jsonb_path_query(NEW.current, 'strict $[*] ? (@.question == "Title").answer') a LIMIT 1), ''),
    cvdp_report_text(NEW.current), now())
  ON CONFLICT (type, object_id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, updated_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_search_index AFTER INSERT OR UPDATE OF current ON reports
  FOR EACH ROW EXECUTE FUNCTION cvdp_index_report();
--> statement-breakpoint
-- Cases and reports that existed before search did.
INSERT INTO search_entries (case_id, type, object_id, title, body)
  SELECT id, 'case', id::text, title, summary FROM cases
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO search_entries (case_id, type, object_id, title, body)
  SELECT case_id, 'report', id::text,
    coalesce((SELECT a #>> '{}' FROM jsonb_path_query(current, 'strict $[*] ? (@.question == "Title").answer') a LIMIT 1), ''),
    cvdp_report_text(current)
  FROM reports
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A sensible default set of resolutions a case is closed with (administrators can change them).
INSERT INTO resolution_options (name, description) VALUES
  ('Fixed', 'The vendor released a fix or mitigation.'),
  ('Not a vulnerability', 'The report does not describe a vulnerability.'),
  ('Duplicate', 'The vulnerability is handled in another case.'),
  ('No response', 'The vendor did not respond to coordination.'),
  ('Other', 'Closed for another reason, given in the case.')
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- One default notification template per kind ({{variables}} are filled in, HTML-escaped in the HTML part).
INSERT INTO email_templates (template_type, name, kind, subject, body) VALUES
  (0, 'notify participant added', 'participant_added', '[CVDP] You were added to case #{{case_id}}: {{case_title}}',
   E'Hello {{recipient_name}},\n\n{{actor_name}} added you to case #{{case_id}} "{{case_title}}" as {{role}}.\n\nOpen the case: {{case_link}}\n'),
  (0, 'notify assigned', 'assigned', '[CVDP] Case #{{case_id}} is assigned to you: {{case_title}}',
   E'Hello {{recipient_name}},\n\n{{actor_name}} assigned case #{{case_id}} "{{case_title}}" to you.\n\nOpen the case: {{case_link}}\n'),
  (0, 'notify status changed', 'status_changed', '[CVDP] Case #{{case_id}} is now {{status}}: {{case_title}}',
   E'Hello {{recipient_name}},\n\n{{actor_name}} changed the status of case #{{case_id}} "{{case_title}}" to {{status}}.\n{{reason}}\n\nOpen the case: {{case_link}}\n'),
  (0, 'notify case notice', 'case_notice', '[CVDP] Vulnerability coordination: case #{{case_id}} {{case_title}}',
   E'Hello {{recipient_name}},\n\nYou are invited to coordinate the disclosure of a vulnerability in case #{{case_id}} "{{case_title}}".\nPlease sign in to read the report and respond.\n\nOpen the case: {{case_link}}\n'),
  (0, 'notify new post', 'new_post', '[CVDP] New post in case #{{case_id}}: {{case_title}}',
   E'Hello {{recipient_name}},\n\n{{actor_name}} posted in case #{{case_id}} "{{case_title}}".\n\nOpen the case: {{case_link}}\n')
  ON CONFLICT DO NOTHING;
