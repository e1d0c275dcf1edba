DROP INDEX "cve_records_priority_idx";--> statement-breakpoint
DROP INDEX "cve_records_status_idx";--> statement-breakpoint
DROP INDEX "cve_records_assigned_idx";--> statement-breakpoint
DROP INDEX "cve_records_kev_idx";--> statement-breakpoint
DROP INDEX "cve_records_severity_idx";--> statement-breakpoint
CREATE INDEX "cve_records_published_desc_idx" ON "cve_records" USING btree ("date_published" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cve_records_updated_desc_idx" ON "cve_records" USING btree ("date_updated" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cve_records_score_desc_idx" ON "cve_records" USING btree ("score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cve_records_priority_idx" ON "cve_records" USING btree ("priority" DESC NULLS LAST,"date_published" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cve_records_status_idx" ON "cve_records" USING btree ("status","date_published" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cve_records_assigned_idx" ON "cve_records" USING btree ("assigned_to","date_published" DESC NULLS LAST) WHERE "cve_records"."assigned_to" is not null;--> statement-breakpoint
CREATE INDEX "cve_records_kev_idx" ON "cve_records" USING btree ("date_published" DESC NULLS LAST) WHERE "cve_records"."kev";--> statement-breakpoint
CREATE INDEX "cve_records_severity_idx" ON "cve_records" USING btree ("severity","date_published" DESC NULLS LAST);