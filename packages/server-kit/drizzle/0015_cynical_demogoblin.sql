CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"outgoing_token_encrypted" text NOT NULL,
	"incoming_token_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_contact_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "connections_name_lower_idx" ON "connections" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "connections_incoming_token_hash_idx" ON "connections" USING btree ("incoming_token_hash");