ALTER TABLE "email" ADD COLUMN "is_read" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email" ADD COLUMN "is_subscribed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
DROP INDEX "email_user_date_idx";--> statement-breakpoint
UPDATE "email" SET "is_read" = true FROM "email_read" WHERE "email_read"."email_id" = "email"."id";--> statement-breakpoint
UPDATE "email" SET "is_subscribed" = true FROM "subscription"
  WHERE "subscription"."user_id" = "email"."user_id" AND "subscription"."newsletter_id" = "email"."newsletter_id" AND "subscription"."status" = 'active';--> statement-breakpoint
-- Runs the deferred discovery-change triggers the backfill queued: indexes cannot be built while they wait.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
-- The flags follow email_read and subscription whichever code (or process) writes them.
CREATE FUNCTION "email_flags_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."is_subscribed" := EXISTS (SELECT 1 FROM "subscription" WHERE "user_id" = NEW."user_id" AND "newsletter_id" = NEW."newsletter_id" AND "status" = 'active');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "email_flags_insert" BEFORE INSERT OR UPDATE OF "user_id", "newsletter_id" ON "email"
  FOR EACH ROW EXECUTE FUNCTION "email_flags_on_insert"();--> statement-breakpoint
CREATE FUNCTION "email_flags_follow_read"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "email" SET "is_read" = true WHERE "id" = NEW."email_id" AND NOT "is_read";
  ELSE
    UPDATE "email" SET "is_read" = false WHERE "id" = OLD."email_id" AND "is_read";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "email_read_flags" AFTER INSERT OR DELETE ON "email_read"
  FOR EACH ROW EXECUTE FUNCTION "email_flags_follow_read"();--> statement-breakpoint
CREATE FUNCTION "email_flags_follow_subscription"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD."user_id", OLD."newsletter_id") IS DISTINCT FROM (NEW."user_id", NEW."newsletter_id")) THEN
    UPDATE "email" SET "is_subscribed" = false WHERE "user_id" = OLD."user_id" AND "newsletter_id" = OLD."newsletter_id" AND "is_subscribed";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "email" SET "is_subscribed" = (NEW."status" = 'active')
    WHERE "user_id" = NEW."user_id" AND "newsletter_id" = NEW."newsletter_id" AND "is_subscribed" IS DISTINCT FROM (NEW."status" = 'active');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscription_flags" AFTER INSERT OR DELETE OR UPDATE OF "status", "user_id", "newsletter_id" ON "subscription"
  FOR EACH ROW EXECUTE FUNCTION "email_flags_follow_subscription"();--> statement-breakpoint
CREATE INDEX "email_user_state_idx" ON "email" USING btree ("user_id","is_read","is_subscribed","date_received","id","newsletter_id","word_count","kind","subject","sender_name");--> statement-breakpoint
CREATE INDEX "email_user_date_idx" ON "email" USING btree ("user_id","date_received","id","newsletter_id","word_count","kind","subject","sender_name","is_read","is_subscribed");
