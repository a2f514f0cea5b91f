CREATE TABLE "kindle_address" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kindle_send" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email_id" integer,
	"title" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"detail" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "kindle_address" ADD CONSTRAINT "kindle_address_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kindle_send" ADD CONSTRAINT "kindle_send_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kindle_send" ADD CONSTRAINT "kindle_send_email_id_email_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kindle_send_user_idx" ON "kindle_send" USING btree ("user_id","created_at");