-- The emails a rule left out of the feed (skip_feed), usually none: the feed reads them from here to leave them out and count them.
CREATE INDEX "email_user_skipped_idx" ON "email" USING btree ("user_id", "newsletter_id", "kind", "id") WHERE "skipped_feed";
