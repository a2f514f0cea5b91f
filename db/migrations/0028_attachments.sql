CREATE TABLE "attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"inbound_message_id" integer NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachment" ADD CONSTRAINT "attachment_inbound_message_id_inbound_message_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attachment_inbound_position_idx" ON "attachment" USING btree ("inbound_message_id","position");