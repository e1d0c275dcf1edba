CREATE TABLE "action_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"object_id" integer NOT NULL,
	"case_id" integer,
	"actor_id" integer,
	"title" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"entries" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"conversation_email" text DEFAULT 'immediate' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_follows" (
	"user_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"mode" text NOT NULL,
	CONSTRAINT "thread_follows_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "event_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_follows" ADD CONSTRAINT "thread_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_follows" ADD CONSTRAINT "thread_follows_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_items_open_idx" ON "action_items" USING btree ("user_id","kind","object_id") WHERE "action_items"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "action_items_object_idx" ON "action_items" USING btree ("kind","object_id") WHERE "action_items"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "action_items_case_idx" ON "action_items" USING btree ("case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digests_period_idx" ON "notification_digests" USING btree ("user_id","mode","period_start");--> statement-breakpoint
CREATE INDEX "notification_preferences_digest_idx" ON "notification_preferences" USING btree ("conversation_email");--> statement-breakpoint
CREATE INDEX "thread_follows_thread_idx" ON "thread_follows" USING btree ("thread_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_group_idx" ON "notifications" USING btree ("user_id","group_key") WHERE "notifications"."read_at" is null and "notifications"."group_key" is not null;--> statement-breakpoint
-- The digest's email template (issue 26): conversation gathered per hour or per day, by case and thread.
-- ON CONFLICT: an administrator may have written one already — theirs is kept.
INSERT INTO email_templates (template_type, name, kind, subject, body) VALUES
  (0, 'notify digest', 'digest', '[{{site_name}}] What happened in your cases ({{period}})',
   E'Hello {{recipient_name}},\n\nWhat is new in your cases ({{period}}):\n\n{{digest}}\n\nChoose how often this email comes in your account settings.\n')
  ON CONFLICT DO NOTHING;
