CREATE TABLE "advisory_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"when" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"publish_cves" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"blockers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision_id" integer,
	"cves_done" boolean DEFAULT true NOT NULL,
	"cve_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "advisory_publications" ADD CONSTRAINT "advisory_publications_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_publications" ADD CONSTRAINT "advisory_publications_revision_id_advisory_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."advisory_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_publications" ADD CONSTRAINT "advisory_publications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advisory_publications_one_scheduled_idx" ON "advisory_publications" USING btree ("case_id") WHERE "advisory_publications"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "advisory_publications_due_idx" ON "advisory_publications" USING btree ("due_at") WHERE "advisory_publications"."state" = 'scheduled' or not "advisory_publications"."cves_done";--> statement-breakpoint
CREATE INDEX "advisory_publications_case_idx" ON "advisory_publications" USING btree ("case_id","id");--> statement-breakpoint
-- Email templates of issue 25's publication notifications: every participant told the advisory was published on
-- its schedule, the owners told a scheduled publication was stopped by its blockers. An administrator's own wins.
INSERT INTO email_templates (template_type, name, kind, subject, body) VALUES
  (0, 'notify advisory published', 'advisory_published', '[CVDP] The advisory of case #{{case_id}} is published: {{case_title}}',
   E'Hello {{recipient_name}},\n\nRevision {{revision}} of the advisory of case #{{case_id}} "{{case_title}}" was published as scheduled; the public page is live.\n\nOpen the case: {{case_link}}\n'),
  (0, 'notify publication blocked', 'publication_blocked', '[CVDP] The scheduled publication of case #{{case_id}} did not happen: {{case_title}}',
   E'Hello {{recipient_name}},\n\nThe advisory of case #{{case_id}} "{{case_title}}" was due to be published, but nothing was published because of:\n\n{{blockers}}\n\nResolve them and publish or schedule again: {{case_link}}\n')
  ON CONFLICT DO NOTHING;
