-- App instances keep the sessions they read for a moment, and drop a user's at once on this notification:
-- a session ended or a user changed anywhere (logout, password change or reset, deletion, a new name) is
-- read again by the next request on every instance. The payload is the user's id, '*' for all of them.
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('paperboy_session', '*');
  ELSIF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('paperboy_session', OLD."user_id"::text);
  ELSE
    PERFORM pg_notify('paperboy_session', OLD."id"::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_change_notify" AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "session_truncate_notify" AFTER TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "user_change_notify" AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "user_truncate_notify" AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();
