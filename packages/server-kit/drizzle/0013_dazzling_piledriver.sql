CREATE TABLE "vul_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kev_date_added" date,
	"kev_reference" text,
	"adp_container" jsonb,
	"adp_built_at" timestamp with time zone,
	"adp_sent_at" timestamp with time zone,
	"adp_send_note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoring_cpes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cpe" text NOT NULL,
	"lower" text NOT NULL,
	"part" text NOT NULL,
	"vendor" text NOT NULL,
	"product" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "predisclosure_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"vul_id" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"assigned_to" integer,
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
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software_priorities" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor" text,
	"product" text,
	"cpe" text,
	"weight" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vendor" text,
	"cwe" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vul_analyses" ADD CONSTRAINT "vul_analyses_record_id_cve_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."cve_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_analyses" ADD CONSTRAINT "vul_analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vul_analyses" ADD CONSTRAINT "vul_analyses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_cpes" ADD CONSTRAINT "scoring_cpes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predisclosure_scores" ADD CONSTRAINT "predisclosure_scores_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "predisclosure_scores" ADD CONSTRAINT "predisclosure_scores_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "software_priorities" ADD CONSTRAINT "software_priorities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_assignments" ADD CONSTRAINT "standing_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_assignments" ADD CONSTRAINT "standing_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vul_analyses_record_idx" ON "vul_analyses" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "vul_analyses_updated_idx" ON "vul_analyses" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_cpes_lower_idx" ON "scoring_cpes" USING btree ("lower");--> statement-breakpoint
CREATE INDEX "scoring_cpes_vendor_idx" ON "scoring_cpes" USING btree ("vendor","product");--> statement-breakpoint
CREATE UNIQUE INDEX "predisclosure_scores_vul_idx" ON "predisclosure_scores" USING btree ("vul_id");--> statement-breakpoint
CREATE INDEX "standing_assignments_user_idx" ON "standing_assignments" USING btree ("user_id");