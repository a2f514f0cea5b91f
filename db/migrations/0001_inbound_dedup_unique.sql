DROP INDEX "inbound_message_dedup_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_message_dedup_key_idx" ON "inbound_message" USING btree ("dedup_key");