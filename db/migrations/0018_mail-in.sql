CREATE TABLE "upload_chunk" (
	"upload_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_chunk_upload_key_seq_pk" PRIMARY KEY("upload_key","seq")
);
--> statement-breakpoint
CREATE TABLE "mailbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"tls" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"folders" text[] DEFAULT '{INBOX}'::text[] NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"after_filing" text DEFAULT 'leave' NOT NULL,
	"move_to" text,
	"paused" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'syncing' NOT NULL,
	"last_error" text,
	"last_synced_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"filed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"sync_requested_at" timestamp with time zone,
	"error_streak" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailbox_folder" (
	"mailbox_id" integer NOT NULL,
	"folder" text NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_folder_mailbox_id_folder_pk" PRIMARY KEY("mailbox_id","folder")
);
--> statement-breakpoint
ALTER TABLE "user_address" ADD COLUMN "kind" text DEFAULT 'unique' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_address" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "user_address" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_import" ADD COLUMN "upload_key" text;--> statement-breakpoint
ALTER TABLE "mailbox" ADD CONSTRAINT "mailbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_folder" ADD CONSTRAINT "mailbox_folder_mailbox_id_mailbox_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_chunk_created_idx" ON "upload_chunk" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mailbox_user_idx" ON "mailbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mailbox_lease_idx" ON "mailbox" USING btree ("lease_until");