-- Kept as the JSON text it is sent as (each stored payload keeps its bytes from here on).
ALTER TABLE "webhook_delivery" ALTER COLUMN "payload" SET DATA TYPE text USING "payload"::text;
