CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vul_attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"choices" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tags_kind_name_lower_idx" ON "tags" USING btree ("kind",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vul_attributes_name_lower_idx" ON "vul_attributes" USING btree (lower("name"));