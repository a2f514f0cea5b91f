CREATE TABLE "stored_object" (
	"key" text PRIMARY KEY NOT NULL,
	"body" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_message" ALTER COLUMN "raw" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_chunk" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cache"."image" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_message" ADD COLUMN "raw_key" text;--> statement-breakpoint
ALTER TABLE "cache"."image" ADD COLUMN "object_key" text;--> statement-breakpoint
CREATE INDEX "inbound_message_raw_key_idx" ON "inbound_message" USING btree ("raw_key") WHERE "inbound_message"."raw_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_message" ADD CONSTRAINT "inbound_message_raw_kept" CHECK ("inbound_message"."raw" IS NOT NULL OR "inbound_message"."raw_key" IS NOT NULL) NOT VALID;