CREATE TABLE "osv_case_states" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"settings_updated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "osv_records" (
	"id" text PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"content" text NOT NULL,
	"published" timestamp with time zone NOT NULL,
	"modified" timestamp with time zone NOT NULL,
	"withdrawn" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "osv_case_states" ADD CONSTRAINT "osv_case_states_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osv_records" ADD CONSTRAINT "osv_records_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "osv_records_case_idx" ON "osv_records" USING btree ("case_id");