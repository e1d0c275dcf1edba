CREATE TABLE "csaf_provider_documents" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"settings_updated_at" timestamp with time zone,
	"status" text NOT NULL,
	"tracking_id" text NOT NULL,
	"title" text NOT NULL,
	"path" text,
	"content" text NOT NULL,
	"sha256" text NOT NULL,
	"sha512" text NOT NULL,
	"signature" text NOT NULL,
	"initial_release_date" timestamp with time zone NOT NULL,
	"current_release_date" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "csaf_provider_documents_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "csaf_provider_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "csaf_provider_documents" ADD CONSTRAINT "csaf_provider_documents_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;