ALTER TABLE "cwe_catalog" ADD COLUMN "import_format" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cwe_entries" ADD COLUMN "mapping_rationale" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cwe_entries" ADD COLUMN "mapping_comments" text DEFAULT '' NOT NULL;