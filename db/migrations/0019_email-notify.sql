-- Readers with the feed open hear of each email filed for them, whichever instance or door filed it
-- (webhooks, SMTP, imports, mailboxes, the sample issue): the payload is "<user id>:<email id>", sent at commit.
CREATE FUNCTION "notify_email_filed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paperboy_email', NEW."user_id"::text || ':' || NEW."id"::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "email_filed_notify" AFTER INSERT ON "email" FOR EACH ROW EXECUTE FUNCTION "notify_email_filed"();
