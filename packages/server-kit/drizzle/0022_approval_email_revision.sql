-- The advisory approval emails name the revision asked about, and the answer's email says what the vendor
-- answered and their comment ({{revision}}, {{answer}}, {{comment}}). Only templates still as 0019 seeded
-- them are rewritten: an administrator's own text is kept.
UPDATE email_templates SET
  subject = '[CVDP] Please review revision {{revision}} of the advisory of case #{{case_id}}: {{case_title}}',
  body = E'Hello {{recipient_name}},\n\n{{actor_name}} asks you to review revision {{revision}} of the advisory of case #{{case_id}} "{{case_title}}": approve it, or request changes with a comment.\n\nOpen the case (Advisory tab): {{case_link}}\n',
  updated_at = now()
WHERE template_type = 0 AND kind = 'approval_requested'
  AND subject = '[CVDP] Please review the advisory of case #{{case_id}}: {{case_title}}'
  AND body = E'Hello {{recipient_name}},\n\n{{actor_name}} asks you to review the advisory of case #{{case_id}} "{{case_title}}": approve its latest revision, or request changes with a comment.\n\nOpen the case (Advisory tab): {{case_link}}\n';
--> statement-breakpoint
UPDATE email_templates SET
  subject = '[CVDP] A vendor {{answer}} revision {{revision}} of the advisory of case #{{case_id}}: {{case_title}}',
  body = E'Hello {{recipient_name}},\n\n{{actor_name}} {{answer}} revision {{revision}} of the advisory of case #{{case_id}} "{{case_title}}".\n\nTheir comment:\n{{comment}}\n\nRead the answers in the Advisory tab: {{case_link}}\n',
  updated_at = now()
WHERE template_type = 0 AND kind = 'approval_answered'
  AND subject = '[CVDP] A vendor answered the approval request in case #{{case_id}}: {{case_title}}'
  AND body = E'Hello {{recipient_name}},\n\n{{actor_name}} answered the request to approve the advisory of case #{{case_id}} "{{case_title}}".\n\nRead the answer in the Advisory tab: {{case_link}}\n';
