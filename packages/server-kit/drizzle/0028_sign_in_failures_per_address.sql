DROP INDEX "login_failures_email_at_idx";--> statement-breakpoint
CREATE INDEX "login_failures_email_ip_at_idx" ON "login_failures" USING btree ("email","ip","at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_at_idx" ON "login_failures" USING btree ("ip","at");