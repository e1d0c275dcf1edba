CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" integer NOT NULL,
	"activity_id" integer,
	"event" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"response_excerpt" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret_encrypted" text NOT NULL,
	"secret_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_public_id_idx" ON "webhook_deliveries" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_activity_idx" ON "webhook_deliveries" USING btree ("endpoint_id","activity_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
-- Webhook events come from the activity log: every domain records its changes there, inside the change's
-- transaction, so one trigger queues the deliveries of every event with the change itself (never for a
-- rolled-back one) and no writer has to remember webhooks. Which activity is which event (the TS list of
-- events is @cvdp/core's WEBHOOK_EVENTS): a domain that records activity with object type 'embargo' emits
-- 'embargo.changed'.
CREATE OR REPLACE FUNCTION cvdp_webhook_event(object_type text, verb text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN object_type = 'report' AND verb = 'submitted report' THEN 'case.created'
    WHEN object_type = 'case' AND verb LIKE 'transferred from %' THEN 'case.created'
    WHEN object_type = 'participant' AND verb = 'added participant' THEN 'participant.added'
    WHEN object_type = 'post' AND verb IN ('posted', 'replied') THEN 'post.created'
    WHEN object_type = 'vendor_status' THEN 'vendor_status.changed'
    WHEN object_type = 'embargo' THEN 'embargo.changed'
    WHEN object_type = 'advisory' AND verb = 'shared' THEN 'advisory.shared'
    WHEN object_type = 'advisory' AND verb = 'published' THEN 'advisory.published'
  END
$$;
--> statement-breakpoint
-- One delivery per active endpoint subscribed to the event. The payload's data is what staff see of it: the
-- case's id and title, what changed (type and id) and the action — no texts, no before/after values; paths
-- the worker turns into links. The unique (endpoint, activity) index makes the queueing exactly-once.
CREATE OR REPLACE FUNCTION cvdp_queue_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ev text := cvdp_webhook_event(NEW.object_type, NEW.verb);
  queued integer;
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, activity_id, event, occurred_at, data)
  SELECT e.id, NEW.id, ev, NEW.at, jsonb_build_object(
           'case', (SELECT jsonb_build_object('id', c.id, 'title', c.title, 'path', '/cvdp/cases/' || c.id)
                      FROM cases c WHERE c.id = NEW.case_id),
           'object', jsonb_build_object('type', NEW.object_type, 'id', NEW.object_id),
           'action', NEW.verb)
    FROM webhook_endpoints e
   WHERE e.active AND ev = ANY (e.events)
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS queued = ROW_COUNT;
  IF queued > 0 THEN
    PERFORM pg_notify('cvdp_webhooks', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_queue_webhooks AFTER INSERT ON activity FOR EACH ROW
  WHEN (cvdp_webhook_event(NEW.object_type, NEW.verb) IS NOT NULL)
  EXECUTE FUNCTION cvdp_queue_webhooks();
