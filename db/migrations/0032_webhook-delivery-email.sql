ALTER TABLE "webhook_delivery" ADD COLUMN "email_id" integer;--> statement-breakpoint
-- The deliveries kept so far name their email in the payload only: the first of each webhook's for an email takes its id.
UPDATE "webhook_delivery" SET "email_id" = ("payload"->'data'->'email'->>'id')::int
WHERE "id" IN (
  SELECT min("id") FROM "webhook_delivery" WHERE "event_type" = 'email.received' AND "payload"->'data'->'email'->>'id' ~ '^[0-9]+$'
  GROUP BY "webhook_id", "payload"->'data'->'email'->>'id'
);--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_email_idx" ON "webhook_delivery" USING btree ("webhook_id","event_type","email_id");
