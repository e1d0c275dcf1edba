ALTER TABLE "notifications" ADD COLUMN "thread_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_thread_idx" ON "notifications" USING btree ("thread_id") WHERE "notifications"."thread_id" is not null;--> statement-breakpoint
-- Notifications of new posts written before this column: their post was inserted in the same transaction
-- (same now(), same case, same author), which names its thread.
UPDATE "notifications" AS n SET "thread_id" = (
  SELECT p."thread_id" FROM "posts" AS p
  WHERE p."case_id" = n."case_id" AND p."author_id" = n."actor_id" AND p."created_at" = n."created_at"
  ORDER BY p."id" LIMIT 1
) WHERE n."kind" = 'new_post' AND n."thread_id" IS NULL;
