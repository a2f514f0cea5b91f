CREATE TABLE "mailgun_token" (
	"token" text PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "mailgun_token_expires_at_idx" ON "mailgun_token" USING btree ("expires_at");