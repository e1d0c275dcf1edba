CREATE TABLE "held_reports" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" integer
);
--> statement-breakpoint
CREATE TABLE "report_limits" (
	"id" integer PRIMARY KEY NOT NULL,
	"range_per_day" integer,
	"new_account_per_day" integer,
	"ipv4_prefix" integer DEFAULT 24 NOT NULL,
	"ipv6_prefix" integer DEFAULT 64 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sources" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"address" "inet" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "held_reports" ADD CONSTRAINT "held_reports_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_reports" ADD CONSTRAINT "held_reports_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sources" ADD CONSTRAINT "report_sources_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_reports_held_idx" ON "held_reports" USING btree ("held_at");--> statement-breakpoint
CREATE INDEX "report_sources_created_idx" ON "report_sources" USING btree ("created_at");--> statement-breakpoint
-- The bulk close's messages to reporters (issue 28): message templates (type 1) of the status-changed kind,
-- which administrators edit under Email templates; the triage bulk bar offers them (GET /api/triage/messages/).
INSERT INTO email_templates (template_type, name, kind, subject, body) VALUES
  (1, 'Not a vulnerability', 'status_changed', '[CVDP] Case #{{case_id}} is now {{status}}: {{case_title}}',
   'Thank you for your report. We reviewed it and found that it does not describe a security vulnerability, so we are closing it.'),
  (1, 'Already known', 'status_changed', '[CVDP] Case #{{case_id}} is now {{status}}: {{case_title}}',
   'Thank you for your report. The issue is already known and is being handled; we are closing this report.'),
  (1, 'Out of scope', 'status_changed', '[CVDP] Case #{{case_id}} is now {{status}}: {{case_title}}',
   'Thank you for your report. The affected product is outside the scope of our coordination, so we are closing it. Please contact the vendor directly.'),
  (1, 'Not enough information', 'status_changed', '[CVDP] Case #{{case_id}} is now {{status}}: {{case_title}}',
   'Thank you for your report. It does not contain enough detail (affected version, steps to reproduce) for us to act on. You are welcome to submit a new report with these details.')
  ON CONFLICT DO NOTHING;
