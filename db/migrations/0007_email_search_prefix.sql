ALTER TABLE "email" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "email" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(subject, '')), 'A') || setweight(to_tsvector('english', coalesce(sender_name, '')), 'B') || setweight(to_tsvector('english', left(coalesce(body_plain, ''), 20000)), 'D')) STORED;--> statement-breakpoint
-- Dropping the column dropped its index too.
CREATE INDEX "email_user_search_idx" ON "email" USING gin ("user_id","search_vector");--> statement-breakpoint
-- lz4 compresses the large bodies several times faster than the default pglz; builds without lz4 (PGlite) keep pglz.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "inbound_message" ALTER COLUMN "raw" SET COMPRESSION lz4;
    ALTER TABLE "issue" ALTER COLUMN "body_html" SET COMPRESSION lz4, ALTER COLUMN "body_plain" SET COMPRESSION lz4;
    ALTER TABLE "email" ALTER COLUMN "body_html" SET COMPRESSION lz4, ALTER COLUMN "body_plain" SET COMPRESSION lz4;
  END IF;
END $$;
