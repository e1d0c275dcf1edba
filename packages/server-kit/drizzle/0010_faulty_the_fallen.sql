CREATE TABLE "advisory_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"revision_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "advisory_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"impact" text DEFAULT '' NOT NULL,
	"solution" text DEFAULT '' NOT NULL,
	"references" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"credits" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"vul_ids" integer[] DEFAULT ARRAY[]::int[] NOT NULL,
	"source" text DEFAULT 'editor' NOT NULL,
	"csaf_document" jsonb,
	"shared" boolean DEFAULT false NOT NULL,
	"date_shared" date,
	"published" boolean DEFAULT false NOT NULL,
	"date_published" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_csaf_settings" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"profile_id" integer,
	"category" text DEFAULT 'csaf_security_advisory' NOT NULL,
	"tlp" text,
	"tracking_id_pattern" text DEFAULT 'VU#{case}' NOT NULL,
	"product_tree_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csaf_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"publisher_category" text DEFAULT 'coordinator' NOT NULL,
	"publisher_name" text NOT NULL,
	"namespace" text NOT NULL,
	"contact_details" text DEFAULT '' NOT NULL,
	"issuing_authority" text DEFAULT '' NOT NULL,
	"default_tlp" text DEFAULT 'WHITE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cve_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_short_name" text NOT NULL,
	"username" text NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"environment" text DEFAULT 'test' NOT NULL,
	"base_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cve_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"cve_id" text NOT NULL,
	"state" text DEFAULT 'RESERVED' NOT NULL,
	"cve_year" integer NOT NULL,
	"vul_id" integer,
	"reserved_by" integer,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "advisory_approvals" ADD CONSTRAINT "advisory_approvals_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_approvals" ADD CONSTRAINT "advisory_approvals_revision_id_advisory_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."advisory_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_approvals" ADD CONSTRAINT "advisory_approvals_participant_id_case_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."case_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_approvals" ADD CONSTRAINT "advisory_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_approvals" ADD CONSTRAINT "advisory_approvals_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_revisions" ADD CONSTRAINT "advisory_revisions_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_revisions" ADD CONSTRAINT "advisory_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_csaf_settings" ADD CONSTRAINT "case_csaf_settings_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_csaf_settings" ADD CONSTRAINT "case_csaf_settings_profile_id_csaf_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."csaf_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_csaf_settings" ADD CONSTRAINT "case_csaf_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cve_accounts" ADD CONSTRAINT "cve_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cve_reservations" ADD CONSTRAINT "cve_reservations_account_id_cve_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."cve_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cve_reservations" ADD CONSTRAINT "cve_reservations_vul_id_vulnerabilities_id_fk" FOREIGN KEY ("vul_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cve_reservations" ADD CONSTRAINT "cve_reservations_reserved_by_users_id_fk" FOREIGN KEY ("reserved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advisory_approvals_revision_participant_idx" ON "advisory_approvals" USING btree ("revision_id","participant_id");--> statement-breakpoint
CREATE INDEX "advisory_approvals_case_idx" ON "advisory_approvals" USING btree ("case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "advisory_revisions_case_revision_idx" ON "advisory_revisions" USING btree ("case_id","revision");--> statement-breakpoint
CREATE INDEX "advisory_revisions_published_idx" ON "advisory_revisions" USING btree ("date_published","id") WHERE "advisory_revisions"."published";--> statement-breakpoint
CREATE UNIQUE INDEX "csaf_profiles_name_lower_idx" ON "csaf_profiles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cve_reservations_cve_idx" ON "cve_reservations" USING btree ("cve_id");--> statement-breakpoint
CREATE INDEX "cve_reservations_account_idx" ON "cve_reservations" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cve_reservations_vul_idx" ON "cve_reservations" USING btree ("vul_id");