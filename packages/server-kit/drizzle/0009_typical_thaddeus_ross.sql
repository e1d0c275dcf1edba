CREATE TABLE "vul_cvss_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"vul_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"version" text NOT NULL,
	"source" text DEFAULT 'coordinator' NOT NULL,
	"vector" text NOT NULL,
	"score" numeric(3, 1) NOT NULL,
	"severity" text NOT NULL,
	"scored_by" integer,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vul_ssvc_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"vul_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"decision_table" text NOT NULL,
	"table_version" text NOT NULL,
	"values" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"outcome_name" text NOT NULL,
	"vector" text NOT NULL,
	"selection_list" jsonb NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vulnerabilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"local_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"cwes" integer[] DEFAULT ARRAY[]::int[] NOT NULL,
	"cve" text,
	"references" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"tags" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"ssvc_decision_id" integer,
	"report_index" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_status" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"vul_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"justification" text,
	"product" text DEFAULT '' NOT NULL,
	"affected_versions" text DEFAULT '' NOT NULL,
	"fixed_versions" text DEFAULT '' NOT NULL,
	"cpe" text,
	"purl" text,
	"statement" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vul_cvss_scores" ADD CONSTRAINT "vul_cvss_scores_vul_id_vulnerabilities_id_fk" FOREIGN KEY ("vul_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_cvss_scores" ADD CONSTRAINT "vul_cvss_scores_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_cvss_scores" ADD CONSTRAINT "vul_cvss_scores_scored_by_users_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_ssvc_decisions" ADD CONSTRAINT "vul_ssvc_decisions_vul_id_vulnerabilities_id_fk" FOREIGN KEY ("vul_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_ssvc_decisions" ADD CONSTRAINT "vul_ssvc_decisions_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_ssvc_decisions" ADD CONSTRAINT "vul_ssvc_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_ssvc_decision_id_vul_ssvc_decisions_id_fk" FOREIGN KEY ("ssvc_decision_id") REFERENCES "public"."vul_ssvc_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_status" ADD CONSTRAINT "vendor_status_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_status" ADD CONSTRAINT "vendor_status_vul_id_vulnerabilities_id_fk" FOREIGN KEY ("vul_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_status" ADD CONSTRAINT "vendor_status_participant_id_case_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."case_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_status" ADD CONSTRAINT "vendor_status_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vul_cvss_scores_vul_version_source_idx" ON "vul_cvss_scores" USING btree ("vul_id","version","source");--> statement-breakpoint
CREATE INDEX "vul_ssvc_decisions_vul_idx" ON "vul_ssvc_decisions" USING btree ("vul_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vulnerabilities_case_local_idx" ON "vulnerabilities" USING btree ("case_id","local_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vulnerabilities_cve_idx" ON "vulnerabilities" USING btree (upper("cve")) WHERE "vulnerabilities"."cve" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vulnerabilities_case_report_index_idx" ON "vulnerabilities" USING btree ("case_id","report_index") WHERE "vulnerabilities"."report_index" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_status_vul_participant_idx" ON "vendor_status" USING btree ("vul_id","participant_id");--> statement-breakpoint
CREATE INDEX "vendor_status_case_idx" ON "vendor_status" USING btree ("case_id");