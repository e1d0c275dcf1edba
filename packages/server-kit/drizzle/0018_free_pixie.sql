CREATE TABLE "received_transfers" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"connection_id" integer,
	"connection_name" text NOT NULL,
	"transfer_uuid" uuid NOT NULL,
	"source_url" text NOT NULL,
	"source_case_id" integer NOT NULL,
	"source_case_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_vuls" (
	"case_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"vul_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"answer" jsonb,
	"case_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "external_author" text;--> statement-breakpoint
ALTER TABLE "received_transfers" ADD CONSTRAINT "received_transfers_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_transfers" ADD CONSTRAINT "received_transfers_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_vuls" ADD CONSTRAINT "received_vuls_case_id_received_transfers_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."received_transfers"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_vuls" ADD CONSTRAINT "received_vuls_vul_id_vulnerabilities_id_fk" FOREIGN KEY ("vul_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "received_transfers_transfer_idx" ON "received_transfers" USING btree ("connection_id","transfer_uuid") WHERE "received_transfers"."connection_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "received_vuls_source_idx" ON "received_vuls" USING btree ("case_id","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_requests_key_idx" ON "transfer_requests" USING btree ("connection_id","key");--> statement-breakpoint
CREATE INDEX "transfer_requests_case_idx" ON "transfer_requests" USING btree ("case_id");