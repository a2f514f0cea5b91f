CREATE TABLE "mail_import" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"size_bytes" bigint NOT NULL,
	"total" integer,
	"processed" integer DEFAULT 0 NOT NULL,
	"filed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retired_address" (
	"local_part" text PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_import" ADD CONSTRAINT "mail_import_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_import_user_idx" ON "mail_import" USING btree ("user_id","created_at");