CREATE TABLE "feed_change" (
	"user_id" integer NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_change" (
	"issue_id" integer NOT NULL,
	"slot" smallint DEFAULT 0 NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issue_change" ADD CONSTRAINT "issue_change_issue_id_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_change_user_idx" ON "feed_change" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "issue_change_issue_idx" ON "issue_change" USING btree ("issue_id");--> statement-breakpoint
-- Deferred, so they run at commit, once a transaction for each reader (issue) in a row: a writer takes
-- a row of the reader's that no other transaction holds (SKIP LOCKED), or adds one, and so does not wait
-- for another. Past four rows it waits for the first instead (held only while its writer commits), so that
-- the rows, which every feed request reads, stay few. What changed is told by the rows' xmin (schema: feed-changes.ts).
CREATE FUNCTION note_feed_change(owner integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF owner IS NULL OR current_setting('paperboy.feed_change_owner', true) IS NOT DISTINCT FROM owner::text THEN
    RETURN;
  END IF;
  PERFORM set_config('paperboy.feed_change_owner', owner::text, true);
  UPDATE feed_change SET changes = changes + 1
    WHERE ctid = (SELECT ctid FROM feed_change WHERE user_id = owner LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND AND (SELECT count(*) FROM feed_change WHERE user_id = owner) >= 4 THEN
    -- By key, not by ctid: a row a writer waited for is its new version, which only its key still finds.
    UPDATE feed_change SET changes = changes + 1 WHERE user_id = owner AND slot = 0;
  ELSIF NOT FOUND THEN
    -- Not for a reader whose account is gone (their emails' deletion runs this at its commit).
    INSERT INTO feed_change (user_id, slot, changes)
      SELECT owner, (SELECT count(*) FROM feed_change WHERE user_id = owner), 1 WHERE owner = 0 OR EXISTS (SELECT 1 FROM "user" WHERE id = owner);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION note_issue_change(changed integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changed IS NULL OR current_setting('paperboy.issue_change_issue', true) IS NOT DISTINCT FROM changed::text THEN
    RETURN;
  END IF;
  PERFORM set_config('paperboy.issue_change_issue', changed::text, true);
  UPDATE issue_change SET changes = changes + 1
    WHERE ctid = (SELECT ctid FROM issue_change WHERE issue_id = changed LIMIT 1 FOR UPDATE SKIP LOCKED);
  IF NOT FOUND AND (SELECT count(*) FROM issue_change WHERE issue_id = changed) >= 4 THEN
    -- By key, not by ctid: a row a writer waited for is its new version, which only its key still finds.
    UPDATE issue_change SET changes = changes + 1 WHERE issue_id = changed AND slot = 0;
  ELSIF NOT FOUND THEN
    INSERT INTO issue_change (issue_id, slot, changes)
      SELECT changed, (SELECT count(*) FROM issue_change WHERE issue_id = changed), 1 WHERE EXISTS (SELECT 1 FROM issue WHERE id = changed);
  END IF;
END $$;--> statement-breakpoint
-- A reader's own rows: emails, subscriptions (muted), favourites, shares, reading progress, folders (names).
CREATE FUNCTION feed_change_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM note_feed_change(OLD.user_id); ELSE PERFORM note_feed_change(NEW.user_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A like is the reader's (liked or not) and the issue's (its count in every holder's feed).
CREATE FUNCTION feed_change_of_like() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM note_feed_change(OLD.user_id);
    PERFORM note_issue_change(OLD.issue_id);
  ELSE
    PERFORM note_feed_change(NEW.user_id);
    PERFORM note_issue_change(NEW.issue_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION feed_change_of_comment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM note_issue_change(OLD.issue_id); ELSE PERFORM note_issue_change(NEW.issue_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A folder's emails are its owner's; an email deleted with them was noted by its own trigger.
CREATE FUNCTION feed_change_of_folder_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_feed_change((SELECT user_id FROM email WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.email_id ELSE NEW.email_id END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION feed_change_of_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_feed_change(0);
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['email', 'subscription', 'email_favorite', 'share', 'reading_progress', 'folder'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION feed_change_of_owner()', watched || '_feed_change', watched);
  END LOOP;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "email_like_feed_change" AFTER INSERT OR UPDATE OR DELETE ON "email_like" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION feed_change_of_like();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "comment_feed_change" AFTER INSERT OR UPDATE OR DELETE ON "comment" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION feed_change_of_comment();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "folder_email_feed_change" AFTER INSERT OR UPDATE OR DELETE ON "folder_email" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION feed_change_of_folder_email();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "newsletter_feed_change" AFTER UPDATE OF "name", "website_url", "logo_url", "is_public" ON "newsletter" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."website_url" IS DISTINCT FROM NEW."website_url" OR OLD."logo_url" IS DISTINCT FROM NEW."logo_url" OR OLD."is_public" IS DISTINCT FROM NEW."is_public")
  EXECUTE FUNCTION feed_change_of_catalog();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "newsletter_category_feed_change" AFTER INSERT OR UPDATE OR DELETE ON "newsletter_category" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION feed_change_of_catalog();--> statement-breakpoint
-- An account's rows go with it.
CREATE FUNCTION forget_feed_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM feed_change WHERE user_id = OLD.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_feed_change_forget" AFTER DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION forget_feed_changes();
