CREATE TABLE "digest_send" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"period" text NOT NULL,
	"email_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_setting" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"frequency" text DEFAULT 'off' NOT NULL,
	"hour" integer DEFAULT 7 NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"covered_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"match" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screened_sender" (
	"user_id" integer NOT NULL,
	"sender" text NOT NULL,
	"status" text NOT NULL,
	"held" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "screened_sender_user_id_sender_pk" PRIMARY KEY("user_id","sender")
);
--> statement-breakpoint
CREATE TABLE "screener_setting" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" serial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter" ADD COLUMN "public_review" text;--> statement-breakpoint
ALTER TABLE "newsletter" ADD COLUMN "public_review_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email" ADD COLUMN "sender_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email" ADD COLUMN "sender_verified_domain" text;--> statement-breakpoint
ALTER TABLE "email" ADD COLUMN "skipped_feed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_message" ADD COLUMN "auth_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_message" ADD COLUMN "auth_results" jsonb;--> statement-breakpoint
ALTER TABLE "inbound_message" ADD COLUMN "sender_verified_domain" text;--> statement-breakpoint
ALTER TABLE "inbound_message" ADD COLUMN "auth_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "digest_send" ADD CONSTRAINT "digest_send_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_setting" ADD CONSTRAINT "digest_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule" ADD CONSTRAINT "rule_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screened_sender" ADD CONSTRAINT "screened_sender_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screener_setting" ADD CONSTRAINT "screener_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_webhook_id_webhook_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhook"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digest_send_user_period_idx" ON "digest_send" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "rule_user_position_idx" ON "rule" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "screened_sender_user_status_idx" ON "screened_sender" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "webhook_user_idx" ON "webhook" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_webhook_idx" ON "webhook_delivery" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_message_auth_status_idx" ON "inbound_message" USING btree ("auth_status");