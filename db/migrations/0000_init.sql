CREATE TABLE "account" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"username" text NOT NULL,
	"unique_local" text NOT NULL,
	"onboarded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_username_unique" UNIQUE("username"),
	CONSTRAINT "user_unique_local_unique" UNIQUE("unique_local")
);
--> statement-breakpoint
CREATE TABLE "user_address" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"local_part" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_address_local_part_unique" UNIQUE("local_part")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"emoji" text NOT NULL,
	CONSTRAINT "category_slug_unique" UNIQUE("slug"),
	CONSTRAINT "category_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "newsletter" (
	"id" serial PRIMARY KEY NOT NULL,
	"catalog_key" text,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"publisher" text,
	"description" text,
	"logo_url" text,
	"website_url" text,
	"subscribe_page_url" text,
	"direct_subscribe_url" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"list_id" text,
	"sender_address" text,
	"sender_domain" text,
	"sending_frequency" text,
	"first_seen" timestamp with time zone,
	"last_seen" timestamp with time zone,
	"total_issues" integer DEFAULT 0 NOT NULL,
	"total_emails" integer DEFAULT 0 NOT NULL,
	"total_read_time_seconds" integer DEFAULT 0 NOT NULL,
	"total_subscribers" integer DEFAULT 0 NOT NULL,
	"total_likes" integer DEFAULT 0 NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_catalog_key_unique" UNIQUE("catalog_key"),
	CONSTRAINT "newsletter_list_id_unique" UNIQUE("list_id"),
	CONSTRAINT "newsletter_sender_address_unique" UNIQUE("sender_address")
);
--> statement-breakpoint
CREATE TABLE "newsletter_category" (
	"newsletter_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "newsletter_category_newsletter_id_category_id_pk" PRIMARY KEY("newsletter_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"newsletter_id" integer NOT NULL,
	"status" text NOT NULL,
	"subscribed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"newsletter_id" integer NOT NULL,
	"inbound_message_id" integer,
	"message_key" text NOT NULL,
	"subject" text,
	"sender_name" text,
	"sender_email" text,
	"summary" text,
	"thumbnail_url" text,
	"body_html" text,
	"body_plain" text,
	"word_count" integer DEFAULT 0 NOT NULL,
	"date_received" timestamp with time zone NOT NULL,
	"is_forwarded" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT 'issue' NOT NULL,
	"confirmation_url" text,
	"dismissed_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(subject, '')), 'A') || setweight(to_tsvector('english', coalesce(sender_name, '')), 'B') || setweight(to_tsvector('english', left(coalesce(body_plain, ''), 200000)), 'D')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedup_key" text NOT NULL,
	"source" text NOT NULL,
	"envelope_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"raw" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "issue" (
	"id" serial PRIMARY KEY NOT NULL,
	"newsletter_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"subject" text,
	"sender_name" text,
	"sender_email" text,
	"summary" text,
	"thumbnail_url" text,
	"body_html" text,
	"body_plain" text,
	"word_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"email_id" integer,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_favorite" (
	"email_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_like" (
	"email_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_read" (
	"email_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"first_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folder" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folder_email" (
	"folder_id" integer NOT NULL,
	"email_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_email_folder_id_email_id_pk" PRIMARY KEY("folder_id","email_id")
);
--> statement-breakpoint
CREATE TABLE "share" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" text NOT NULL,
	"email_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_share_id_unique" UNIQUE("share_id"),
	CONSTRAINT "share_email_id_unique" UNIQUE("email_id")
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_address" ADD CONSTRAINT "user_address_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_category" ADD CONSTRAINT "newsletter_category_newsletter_id_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_category" ADD CONSTRAINT "newsletter_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_newsletter_id_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_issue_id_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_newsletter_id_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_inbound_message_id_inbound_message_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue" ADD CONSTRAINT "issue_newsletter_id_newsletter_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_issue_id_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_email_id_email_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_favorite" ADD CONSTRAINT "email_favorite_email_id_email_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_favorite" ADD CONSTRAINT "email_favorite_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_favorite" ADD CONSTRAINT "email_favorite_issue_id_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_like" ADD CONSTRAINT "email_like_email_id_email_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_like" ADD CONSTRAINT "email_like_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_like" ADD CONSTRAINT "email_like_issue_id_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_read" ADD CONSTRAINT "email_read_email_id_email_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_read" ADD CONSTRAINT "email_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_read" ADD CONSTRAINT "email_read_issue_id_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder" ADD CONSTRAINT "folder_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_email" ADD CONSTRAINT "folder_email_folder_id_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_email" ADD CONSTRAINT "folder_email_email_id_email_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share" ADD CONSTRAINT "share_email_id_email_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share" ADD CONSTRAINT "share_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_provider_account_idx" ON "account" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_address_user_idx" ON "user_address" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "newsletter_sender_domain_idx" ON "newsletter" USING btree ("sender_domain");--> statement-breakpoint
CREATE INDEX "newsletter_public_subscribers_idx" ON "newsletter" USING btree ("is_public","total_subscribers");--> statement-breakpoint
CREATE INDEX "newsletter_featured_idx" ON "newsletter" USING btree ("is_featured") WHERE "newsletter"."is_featured";--> statement-breakpoint
CREATE INDEX "newsletter_category_category_idx" ON "newsletter_category" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_user_newsletter_idx" ON "subscription" USING btree ("user_id","newsletter_id");--> statement-breakpoint
CREATE INDEX "subscription_newsletter_status_idx" ON "subscription" USING btree ("newsletter_id","status");--> statement-breakpoint
CREATE INDEX "subscription_subscribed_at_idx" ON "subscription" USING btree ("subscribed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_user_message_idx" ON "email" USING btree ("user_id","message_key");--> statement-breakpoint
CREATE INDEX "email_user_date_idx" ON "email" USING btree ("user_id","date_received","id");--> statement-breakpoint
CREATE INDEX "email_user_newsletter_idx" ON "email" USING btree ("user_id","newsletter_id","date_received");--> statement-breakpoint
CREATE INDEX "email_user_subject_idx" ON "email" USING btree ("user_id","subject");--> statement-breakpoint
CREATE INDEX "email_user_sender_idx" ON "email" USING btree ("user_id","sender_name");--> statement-breakpoint
CREATE INDEX "email_user_words_idx" ON "email" USING btree ("user_id","word_count");--> statement-breakpoint
CREATE INDEX "email_issue_idx" ON "email" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "email_search_idx" ON "email" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "inbound_message_dedup_idx" ON "inbound_message" USING btree ("dedup_key");--> statement-breakpoint
CREATE INDEX "inbound_message_status_idx" ON "inbound_message" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_newsletter_fingerprint_idx" ON "issue" USING btree ("newsletter_id","fingerprint");--> statement-breakpoint
CREATE INDEX "issue_newsletter_published_idx" ON "issue" USING btree ("newsletter_id","published_at");--> statement-breakpoint
CREATE INDEX "issue_published_idx" ON "issue" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "comment_issue_idx" ON "comment" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "comment_user_idx" ON "comment" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_favorite_user_idx" ON "email_favorite" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_like_user_idx" ON "email_like" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_like_issue_idx" ON "email_like" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "email_read_user_idx" ON "email_read" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_read_issue_idx" ON "email_read" USING btree ("issue_id","last_read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "folder_user_name_idx" ON "folder" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "folder_email_email_idx" ON "folder_email" USING btree ("email_id");