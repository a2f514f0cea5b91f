CREATE TABLE "discovery_change" (
	"stripe" integer PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "discovery_change" ("stripe") SELECT generate_series(0, 63);--> statement-breakpoint
-- Deferred, so it runs at commit: the stripe's row lock is held only while committing, and a
-- transaction holding it waits for nothing else (no deadlock). Once per transaction.
CREATE FUNCTION note_discovery_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('paperboy.discovery_change_noted', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('paperboy.discovery_change_noted', 'on', true);
    UPDATE discovery_change SET changes = changes + 1 WHERE stripe = pg_backend_pid() % 64;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['category', 'newsletter', 'newsletter_category', 'subscription', 'issue', 'email', 'email_like', 'comment'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_discovery_change()', watched || '_discovery_change', watched);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION note_discovery_change()', watched || '_discovery_truncate', watched);
  END LOOP;
END $$;
