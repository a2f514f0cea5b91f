CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "user_email_total" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "user_email_total_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
DROP INDEX "email_search_idx";--> statement-breakpoint
DROP INDEX "email_read_user_idx";--> statement-breakpoint
ALTER TABLE "user_email_total" ADD CONSTRAINT "user_email_total_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_user_search_idx" ON "email" USING gin ("user_id","search_vector");--> statement-breakpoint
CREATE INDEX "email_read_user_idx" ON "email_read" USING btree ("user_id","email_id");--> statement-breakpoint
-- user_email_total follows every write to email, whichever code makes it; statement triggers keep a bulk insert to one upsert per user.
CREATE FUNCTION "user_email_total_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_email_total" ("user_id", "kind", "total")
  SELECT "user_id", "kind", count(*) FROM "added" GROUP BY "user_id", "kind" ORDER BY "user_id", "kind"
  ON CONFLICT ("user_id", "kind") DO UPDATE SET "total" = "user_email_total"."total" + excluded."total";
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update only, never an insert: when a user is deleted, their row may be gone before their emails are.
CREATE FUNCTION "user_email_total_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_email_total" SET "total" = "user_email_total"."total" - "gone"."count"
  FROM (SELECT "user_id", "kind", count(*) AS "count" FROM "removed" GROUP BY "user_id", "kind") AS "gone"
  WHERE "user_email_total"."user_id" = "gone"."user_id" AND "user_email_total"."kind" = "gone"."kind";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Row by row, and only when an email changes owner or kind (rare): other updates pay nothing.
CREATE FUNCTION "user_email_total_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_email_total" SET "total" = "total" - 1 WHERE "user_id" = OLD."user_id" AND "kind" = OLD."kind";
  INSERT INTO "user_email_total" ("user_id", "kind", "total") VALUES (NEW."user_id", NEW."kind", 1)
  ON CONFLICT ("user_id", "kind") DO UPDATE SET "total" = "user_email_total"."total" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "email_total_insert" AFTER INSERT ON "email" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_email_total_add"();--> statement-breakpoint
CREATE TRIGGER "email_total_delete" AFTER DELETE ON "email" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_email_total_remove"();--> statement-breakpoint
CREATE TRIGGER "email_total_update" AFTER UPDATE OF "user_id", "kind" ON "email"
  FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."kind" IS DISTINCT FROM NEW."kind")
  EXECUTE FUNCTION "user_email_total_move"();--> statement-breakpoint
INSERT INTO "user_email_total" ("user_id", "kind", "total") SELECT "user_id", "kind", count(*) FROM "email" GROUP BY "user_id", "kind";--> statement-breakpoint
DROP INDEX "email_user_date_idx";--> statement-breakpoint
CREATE INDEX "email_user_date_idx" ON "email" USING btree ("user_id","date_received","id","newsletter_id","word_count","kind","subject","sender_name");