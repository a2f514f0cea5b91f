CREATE TABLE "feed_token" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_token_nonce_unique" UNIQUE("nonce")
);
--> statement-breakpoint
ALTER TABLE "feed_token" ADD CONSTRAINT "feed_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;