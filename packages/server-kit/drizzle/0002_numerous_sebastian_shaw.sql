CREATE TABLE "auto_assignment_members" (
	"role_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_assignment_members_role_id_user_id_pk" PRIMARY KEY("role_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "auto_assignment_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"last_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_by" integer,
	"via" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unassigned_at" timestamp with time zone,
	"unassigned_by" integer,
	"unassign_reason" text
);
--> statement-breakpoint
CREATE TABLE "case_user_states" (
	"case_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "case_user_states_case_id_user_id_pk" PRIMARY KEY("case_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "resolution_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"to_name" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"kind" text NOT NULL,
	"case_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_type" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"case_id" integer,
	"actor_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B')) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_case_id_unique";--> statement-breakpoint
DROP INDEX "case_participants_user_idx";--> statement-breakpoint
DROP INDEX "case_participants_group_idx";--> statement-breakpoint
DROP INDEX "cases_status_idx";--> statement-breakpoint
ALTER TABLE "case_participants" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "resolution_id" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "public_date" date;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "tags" text[] DEFAULT ARRAY[]::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auto_assignment_members" ADD CONSTRAINT "auto_assignment_members_role_id_auto_assignment_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."auto_assignment_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_assignment_members" ADD CONSTRAINT "auto_assignment_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_assignment_roles" ADD CONSTRAINT "auto_assignment_roles_last_user_id_users_id_fk" FOREIGN KEY ("last_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_assignments" ADD CONSTRAINT "case_assignments_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_assignments" ADD CONSTRAINT "case_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_assignments" ADD CONSTRAINT "case_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_assignments" ADD CONSTRAINT "case_assignments_unassigned_by_users_id_fk" FOREIGN KEY ("unassigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_user_states" ADD CONSTRAINT "case_user_states_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_user_states" ADD CONSTRAINT "case_user_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_assignment_roles_name_lower_idx" ON "auto_assignment_roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "case_assignments_case_idx" ON "case_assignments" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "case_assignments_user_idx" ON "case_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "case_assignments_current_idx" ON "case_assignments" USING btree ("case_id","user_id") WHERE "case_assignments"."unassigned_at" is null;--> statement-breakpoint
CREATE INDEX "case_user_states_user_idx" ON "case_user_states" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resolution_options_name_lower_idx" ON "resolution_options" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_name_lower_idx" ON "email_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "email_templates_kind_idx" ON "email_templates" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "search_entries_object_idx" ON "search_entries" USING btree ("type","object_id");--> statement-breakpoint
CREATE INDEX "search_entries_case_idx" ON "search_entries" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "search_entries_tsv_idx" ON "search_entries" USING gin ("tsv");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_resolution_id_resolution_options_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolution_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_participants_case_user_idx" ON "case_participants" USING btree ("case_id","user_id") WHERE "case_participants"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "case_participants_case_group_idx" ON "case_participants" USING btree ("case_id","group_id") WHERE "case_participants"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "cases_updated_idx" ON "cases" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "cases_tags_idx" ON "cases" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "reports_case_idx" ON "reports" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "case_participants_user_idx" ON "case_participants" USING btree ("user_id","case_id");--> statement-breakpoint
CREATE INDEX "case_participants_group_idx" ON "case_participants" USING btree ("group_id","case_id");--> statement-breakpoint
CREATE INDEX "cases_status_idx" ON "cases" USING btree ("status","created_at");