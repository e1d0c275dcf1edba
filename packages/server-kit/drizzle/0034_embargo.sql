CREATE TABLE "embargo_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposal_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"answer" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embargo_answers_once" UNIQUE("proposal_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "embargo_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"embargo_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"details" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "embargo_log_seq" UNIQUE("embargo_id","seq")
);
--> statement-breakpoint
CREATE TABLE "embargo_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"embargo_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"proposed_by" integer,
	"participant_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_comment" text DEFAULT '' NOT NULL,
	"decision" jsonb
);
--> statement-breakpoint
CREATE TABLE "embargo_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"embargo_id" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embargo_reminders_once" UNIQUE("embargo_id","ends_at","kind")
);
--> statement-breakpoint
CREATE TABLE "embargoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"state" text DEFAULT 'none' NOT NULL,
	"ends_at" timestamp with time zone,
	"exit_kind" text,
	"exit_reason" text DEFAULT '' NOT NULL,
	"exited_at" timestamp with time zone,
	"log_seq" integer DEFAULT 0 NOT NULL,
	"log_head" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embargoes_case_id_unique" UNIQUE("case_id")
);
--> statement-breakpoint
ALTER TABLE "embargo_answers" ADD CONSTRAINT "embargo_answers_proposal_id_embargo_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."embargo_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_answers" ADD CONSTRAINT "embargo_answers_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_answers" ADD CONSTRAINT "embargo_answers_participant_id_case_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."case_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_answers" ADD CONSTRAINT "embargo_answers_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_log" ADD CONSTRAINT "embargo_log_embargo_id_embargoes_id_fk" FOREIGN KEY ("embargo_id") REFERENCES "public"."embargoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_log" ADD CONSTRAINT "embargo_log_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_proposals" ADD CONSTRAINT "embargo_proposals_embargo_id_embargoes_id_fk" FOREIGN KEY ("embargo_id") REFERENCES "public"."embargoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_proposals" ADD CONSTRAINT "embargo_proposals_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_proposals" ADD CONSTRAINT "embargo_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_proposals" ADD CONSTRAINT "embargo_proposals_participant_id_case_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."case_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_proposals" ADD CONSTRAINT "embargo_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargo_reminders" ADD CONSTRAINT "embargo_reminders_embargo_id_embargoes_id_fk" FOREIGN KEY ("embargo_id") REFERENCES "public"."embargoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embargoes" ADD CONSTRAINT "embargoes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "embargo_proposals_one_open" ON "embargo_proposals" USING btree ("embargo_id") WHERE "embargo_proposals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "embargo_proposals_case_idx" ON "embargo_proposals" USING btree ("case_id");--> statement-breakpoint
-- Email templates of the embargo (issue 25): a proposal to answer, a change everyone is told of, and the
-- reminders before the end. ON CONFLICT: an administrator may have written one already — theirs is kept.
INSERT INTO email_templates (template_type, name, kind, subject, body) VALUES
  (0, 'notify embargo proposed', 'embargo_proposed', '[CVDP] Please answer the embargo proposal of case #{{case_id}}: {{case_title}}',
   E'Hello {{recipient_name}},\n\n{{actor_name}} proposes that case #{{case_id}} "{{case_title}}" stays under embargo until {{embargo_end}}.\n\nReason: {{reason}}\n\nAccept or decline it (or ask for another end) on the case page: {{case_link}}\n'),
  (0, 'notify embargo changed', 'embargo_changed', '[CVDP] The embargo of case #{{case_id}} changed: {{case_title}}',
   E'Hello {{recipient_name}},\n\nThe embargo of case #{{case_id}} "{{case_title}}": {{event}}.\n\nEnd: {{embargo_end}}\n{{reason}}\n\nSee what was agreed, by whom and when: {{case_link}}\n'),
  (0, 'notify embargo ending', 'embargo_ending', '[CVDP] The embargo of case #{{case_id}} ends {{embargo_when}}: {{case_title}}',
   E'Hello {{recipient_name}},\n\nThe embargo of case #{{case_id}} "{{case_title}}" ends {{embargo_when}} ({{embargo_end}}).\n\nOpen the case: {{case_link}}\n')
  ON CONFLICT DO NOTHING;
