-- Trending and recent issues show a reader's own favourite and read of an issue they hold no copy of,
-- and cache each reader's answer per change stamp (migration 0004): such favourites and reads move the
-- stamp too, as every like already does. Favourites and reads of one's own copies do not.
DO $$
DECLARE watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['email_favorite', 'email_read'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.email_id IS NULL) EXECUTE FUNCTION note_discovery_change()', watched || '_copyless_insert_change', watched);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER UPDATE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.email_id IS NULL OR NEW.email_id IS NULL) EXECUTE FUNCTION note_discovery_change()', watched || '_copyless_update_change', watched);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.email_id IS NULL) EXECUTE FUNCTION note_discovery_change()', watched || '_copyless_delete_change', watched);
  END LOOP;
END $$;
