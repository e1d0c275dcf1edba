CREATE TABLE "vul_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"actor_id" integer,
	"verb" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"started_by" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"files_read" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"rejects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cve_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"cve_id" text NOT NULL,
	"state" text NOT NULL,
	"data_version" text NOT NULL,
	"origin" text DEFAULT 'cve' NOT NULL,
	"case_id" integer,
	"case_vul_id" integer,
	"assigner" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"vendors" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"products" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"cwes" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED NOT NULL,
	"date_published" timestamp with time zone,
	"date_updated" timestamp with time zone,
	"date_reserved" timestamp with time zone,
	"kev" boolean DEFAULT false NOT NULL,
	"kev_date_added" date,
	"has_ssvc" boolean DEFAULT false NOT NULL,
	"score" numeric(3, 1),
	"severity" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"record" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_to" integer,
	"assigned_at" timestamp with time zone,
	"locked_by" integer,
	"locked_at" timestamp with time zone,
	"reassess_reason" text,
	"reassessed_at" timestamp with time zone,
	"scored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vul_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"kind" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"actor_id" integer,
	"ingest_job_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vul_enrichment" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"value" text NOT NULL,
	"version" text,
	"score" numeric(3, 1),
	"severity" text,
	"detail" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vul_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"ssvc_table" text,
	"ssvc_table_version" text,
	"ssvc_values" jsonb,
	"ssvc_outcome" text,
	"ssvc_outcome_name" text,
	"cvss4_vector" text,
	"cvss4_score" numeric(3, 1),
	"cvss4_severity" text,
	"cvss3_vector" text,
	"cvss3_score" numeric(3, 1),
	"cvss3_severity" text,
	"cwes" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"scored_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vul_activity" ADD CONSTRAINT "vul_activity_record_id_cve_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."cve_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_activity" ADD CONSTRAINT "vul_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_jobs" ADD CONSTRAINT "ingest_jobs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cve_records" ADD CONSTRAINT "cve_records_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cve_records" ADD CONSTRAINT "cve_records_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_changes" ADD CONSTRAINT "vul_changes_record_id_cve_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."cve_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_changes" ADD CONSTRAINT "vul_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_enrichment" ADD CONSTRAINT "vul_enrichment_record_id_cve_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."cve_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_enrichment" ADD CONSTRAINT "vul_enrichment_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_scores" ADD CONSTRAINT "vul_scores_record_id_cve_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."cve_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_scores" ADD CONSTRAINT "vul_scores_scored_by_users_id_fk" FOREIGN KEY ("scored_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vul_activity_record_idx" ON "vul_activity" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "vul_activity_actor_idx" ON "vul_activity" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "vul_activity_verb_idx" ON "vul_activity" USING btree ("verb","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cve_records_cve_id_idx" ON "cve_records" USING btree ("cve_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cve_records_case_vul_idx" ON "cve_records" USING btree ("case_vul_id") WHERE "cve_records"."case_vul_id" is not null;--> statement-breakpoint
CREATE INDEX "cve_records_tsv_idx" ON "cve_records" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "cve_records_cwes_idx" ON "cve_records" USING gin ("cwes");--> statement-breakpoint
CREATE INDEX "cve_records_published_idx" ON "cve_records" USING btree ("date_published","id");--> statement-breakpoint
CREATE INDEX "cve_records_updated_idx" ON "cve_records" USING btree ("date_updated","id");--> statement-breakpoint
CREATE INDEX "cve_records_score_idx" ON "cve_records" USING btree ("score","id");--> statement-breakpoint
CREATE INDEX "cve_records_priority_idx" ON "cve_records" USING btree ("priority","date_published","id");--> statement-breakpoint
CREATE INDEX "cve_records_status_idx" ON "cve_records" USING btree ("status","date_published");--> statement-breakpoint
CREATE INDEX "cve_records_assigned_idx" ON "cve_records" USING btree ("assigned_to","date_published") WHERE "cve_records"."assigned_to" is not null;--> statement-breakpoint
CREATE INDEX "cve_records_locked_idx" ON "cve_records" USING btree ("locked_by") WHERE "cve_records"."locked_by" is not null;--> statement-breakpoint
CREATE INDEX "cve_records_kev_idx" ON "cve_records" USING btree ("date_published") WHERE "cve_records"."kev";--> statement-breakpoint
CREATE INDEX "cve_records_severity_idx" ON "cve_records" USING btree ("severity","date_published");--> statement-breakpoint
CREATE INDEX "vul_changes_record_idx" ON "vul_changes" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "vul_enrichment_record_idx" ON "vul_enrichment" USING btree ("record_id","kind");--> statement-breakpoint
CREATE INDEX "vul_enrichment_kind_value_idx" ON "vul_enrichment" USING btree ("kind","value");--> statement-breakpoint
CREATE UNIQUE INDEX "vul_scores_record_idx" ON "vul_scores" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "vul_scores_scored_idx" ON "vul_scores" USING btree ("updated_at","scored_by");--> statement-breakpoint
CREATE INDEX "vul_scores_outcome_idx" ON "vul_scores" USING btree ("ssvc_outcome");