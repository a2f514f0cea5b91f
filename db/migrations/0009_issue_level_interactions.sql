-- A like, favourite or read of a public newsletter's issue the reader never received has no email:
-- it is keyed by (user, issue) where email_id is null. Each email still has at most one of each.
CREATE UNIQUE INDEX "email_favorite_email_idx" ON "email_favorite" USING btree ("email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_like_email_idx" ON "email_like" USING btree ("email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_read_email_idx" ON "email_read" USING btree ("email_id");--> statement-breakpoint
ALTER TABLE "email_favorite" DROP CONSTRAINT "email_favorite_pkey";--> statement-breakpoint
ALTER TABLE "email_like" DROP CONSTRAINT "email_like_pkey";--> statement-breakpoint
ALTER TABLE "email_read" DROP CONSTRAINT "email_read_pkey";--> statement-breakpoint
ALTER TABLE "email_favorite" ALTER COLUMN "email_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_like" ALTER COLUMN "email_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_read" ALTER COLUMN "email_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "email_favorite_user_issue_idx" ON "email_favorite" USING btree ("user_id","issue_id") WHERE "email_favorite"."email_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_like_user_issue_idx" ON "email_like" USING btree ("user_id","issue_id") WHERE "email_like"."email_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_read_user_issue_idx" ON "email_read" USING btree ("user_id","issue_id") WHERE "email_read"."email_id" is null;--> statement-breakpoint
-- A copy of such an issue delivered later takes over the reader's actions on it, so the issue page
-- (which then answers the copy) keeps them and a like is not given twice. The partial indexes hold
-- only copy-less actions, so an ordinary delivery finds nothing to adopt at the cost of three probes.
CREATE FUNCTION "email_adopt_issue_actions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "email_like" SET "email_id" = "added"."id" FROM "added"
    WHERE "email_like"."email_id" IS NULL AND "email_like"."user_id" = "added"."user_id" AND "email_like"."issue_id" = "added"."issue_id";
  UPDATE "email_favorite" SET "email_id" = "added"."id" FROM "added"
    WHERE "email_favorite"."email_id" IS NULL AND "email_favorite"."user_id" = "added"."user_id" AND "email_favorite"."issue_id" = "added"."issue_id";
  -- email_read's own trigger follows inserts and deletes only: the adopting copy's flag is set here.
  WITH "adopted" AS (
    UPDATE "email_read" SET "email_id" = "added"."id" FROM "added"
      WHERE "email_read"."email_id" IS NULL AND "email_read"."user_id" = "added"."user_id" AND "email_read"."issue_id" = "added"."issue_id"
      RETURNING "email_read"."email_id"
  )
  UPDATE "email" SET "is_read" = true WHERE "id" IN (SELECT "email_id" FROM "adopted");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "email_adopt_issue_actions" AFTER INSERT ON "email" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "email_adopt_issue_actions"();
