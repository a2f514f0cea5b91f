-- Mail's large values (the raw message, each copy's HTML and text, the shared edition's) are stored
-- compressed with lz4 instead of pglz: about twice as fast to write and smaller on newsletter HTML.
-- Only new values change; PGlite is built without lz4 and keeps pglz.
DO $$
BEGIN
  ALTER TABLE "inbound_message" ALTER COLUMN "raw" SET COMPRESSION lz4;
  ALTER TABLE "email" ALTER COLUMN "body_html" SET COMPRESSION lz4, ALTER COLUMN "body_plain" SET COMPRESSION lz4;
  ALTER TABLE "issue" ALTER COLUMN "body_html" SET COMPRESSION lz4, ALTER COLUMN "body_plain" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
