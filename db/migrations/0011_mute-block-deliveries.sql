CREATE TABLE "blocked_sender" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"inbound_message_id" integer NOT NULL,
	"recipient" text NOT NULL,
	"sender" text,
	"subject" text,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"email_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "muted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blocked_sender" ADD CONSTRAINT "blocked_sender_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_inbound_message_id_inbound_message_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery" ADD CONSTRAINT "delivery_email_id_email_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_sender_user_sender_idx" ON "blocked_sender" USING btree ("user_id","sender");--> statement-breakpoint
CREATE INDEX "delivery_user_received_idx" ON "delivery" USING btree ("user_id","received_at","id");--> statement-breakpoint
CREATE INDEX "delivery_inbound_idx" ON "delivery" USING btree ("inbound_message_id");--> statement-breakpoint
CREATE INDEX "subscription_user_muted_idx" ON "subscription" USING btree ("user_id","newsletter_id") WHERE "subscription"."muted";