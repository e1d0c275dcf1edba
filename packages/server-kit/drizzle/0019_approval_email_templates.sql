-- Email templates of the advisory approvals (issue 12): the vendors' members asked to approve the latest
-- revision of a case's advisory, and the requester (and the case's staff) when a vendor answers. Until now
-- these kinds were told in the app only; notify() sends the email of any kind with a notification template
-- (template_type 0). ON CONFLICT: an administrator may have written one already — theirs is kept.
INSERT INTO email_templates (template_type, name, kind, subject, body) VALUES
  (0, 'notify approval requested', 'approval_requested', '[CVDP] Please review the advisory of case #{{case_id}}: {{case_title}}',
   E'Hello {{recipient_name}},\n\n{{actor_name}} asks you to review the advisory of case #{{case_id}} "{{case_title}}": approve its latest revision, or request changes with a comment.\n\nOpen the case (Advisory tab): {{case_link}}\n'),
  (0, 'notify approval answered', 'approval_answered', '[CVDP] A vendor answered the approval request in case #{{case_id}}: {{case_title}}',
   E'Hello {{recipient_name}},\n\n{{actor_name}} answered the request to approve the advisory of case #{{case_id}} "{{case_title}}".\n\nRead the answer in the Advisory tab: {{case_link}}\n')
  ON CONFLICT DO NOTHING;
