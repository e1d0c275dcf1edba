CREATE TABLE "transfer_acks" (
	"transfer_id" integer NOT NULL,
	"step" text NOT NULL,
	"item" text NOT NULL,
	"remote_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_acks_transfer_id_step_item_pk" PRIMARY KEY("transfer_id","step","item")
);
--> statement-breakpoint
CREATE TABLE "transfer_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"step" text NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"items_total" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer NOT NULL,
	"connection_id" integer,
	"connection_name" text NOT NULL,
	"started_by" integer,
	"state" text DEFAULT 'queued' NOT NULL,
	"remote_case_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transfer_acks" ADD CONSTRAINT "transfer_acks_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_steps" ADD CONSTRAINT "transfer_steps_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_steps_transfer_step_idx" ON "transfer_steps" USING btree ("transfer_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_uuid_idx" ON "transfers" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "transfers_case_idx" ON "transfers" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "transfers_due_idx" ON "transfers" USING btree ("next_attempt_at") WHERE "transfers"."state" in ('queued', 'running');