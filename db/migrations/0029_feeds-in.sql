-- Feeds in (lib/feeds-in): followed feeds, one row per URL however many readers follow it (its lease, validators and
-- backoff), each reader's subscription, the entries met (by id and by link), OPML imports; the entry's link on an email, and the feed a catalog newsletter publishes.
CREATE TABLE "feed_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"guid" text,
	"link" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_import" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"urls" jsonb NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"followed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"feed_id" integer NOT NULL,
	"url" text NOT NULL,
	"newsletter_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "followed_feed" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_url" text NOT NULL,
	"title" text NOT NULL,
	"site_url" text,
	"hub_url" text,
	"self_url" text,
	"etag" text,
	"last_modified" text,
	"status" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"last_fetched_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error_streak" integer DEFAULT 0 NOT NULL,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"websub_secret" text,
	"websub_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter" ADD COLUMN "feed_url" text;--> statement-breakpoint
ALTER TABLE "email" ADD COLUMN "link_url" text;--> statement-breakpoint
ALTER TABLE "feed_entry" ADD CONSTRAINT "feed_entry_feed_id_followed_feed_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."followed_feed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_import" ADD CONSTRAINT "feed_import_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_subscription" ADD CONSTRAINT "feed_subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_subscription" ADD CONSTRAINT "feed_subscription_feed_id_followed_feed_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."followed_feed"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_entry_guid_idx" ON "feed_entry" USING btree ("feed_id","guid") WHERE "feed_entry"."guid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_entry_link_idx" ON "feed_entry" USING btree ("feed_id","link") WHERE "feed_entry"."link" is not null;--> statement-breakpoint
CREATE INDEX "feed_import_user_idx" ON "feed_import" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_subscription_user_feed_idx" ON "feed_subscription" USING btree ("user_id","feed_id");--> statement-breakpoint
CREATE INDEX "feed_subscription_feed_idx" ON "feed_subscription" USING btree ("feed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "followed_feed_url_idx" ON "followed_feed" USING btree ("feed_url");--> statement-breakpoint
CREATE INDEX "followed_feed_next_poll_idx" ON "followed_feed" USING btree ("next_poll_at");