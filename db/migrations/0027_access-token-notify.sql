-- A revoked access token is said on the same channel as an ended session: an instance's open event streams
-- opened with it check their credential again and end (lib/live/hub.ts). The payload is the user's id.
CREATE OR REPLACE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('paperboy_session', '*');
  ELSIF TG_TABLE_NAME IN ('session', 'access_token') THEN
    PERFORM pg_notify('paperboy_session', OLD."user_id"::text);
  ELSE
    PERFORM pg_notify('paperboy_session', OLD."id"::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "access_token_change_notify" AFTER DELETE ON "access_token" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "access_token_truncate_notify" AFTER TRUNCATE ON "access_token" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();
