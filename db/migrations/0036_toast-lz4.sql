-- Migration 0007 keeps the raw message and the bodies with lz4; the email's search vector and the webhook's
-- payload (a text column since 0033, which the change of type left on the default) were still pglz. lz4 took
-- 2.1 ms of PostgreSQL's CPU to store a 128 KB body where pglz took 5.1, and kept 19 KB of it where pglz kept 41.
-- Stored values keep pglz, which stays readable; PGlite (embedded) and servers built without lz4 keep pglz.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    EXECUTE 'ALTER TABLE "email" ALTER COLUMN "search_vector" SET COMPRESSION lz4';
    EXECUTE 'ALTER TABLE "webhook_delivery" ALTER COLUMN "payload" SET COMPRESSION lz4';
  END IF;
END $$;
