-- A search for whole words reads the reader's own postings of each word (lib/issues/feed-repo.ts): each email's
-- words become keys with their owner in front ("42:quantum"), so the index holds one short list per reader and
-- word, where email_user_search_idx intersects the reader's every email with every user's emails of each word.
-- An email without words, and a search of stop words only, have the key "42:" alone: not the empty array, which
-- every email's keys contain. PL/pgSQL keeps the plan of its query for the session; a search computes its keys
-- three times (lib/issues/feed-repo.ts), which SQL would plan anew in each statement.
-- Built in one pass inside the upgrade's transaction: 24 to 42 s for the bench's 1,000,000 emails at load 2-10
-- (2 cores), 64 MB beside email_user_search_idx's 19 MB. Filing a 20 KB issue (431 words) computes its keys in
-- some 0.15 ms, where parsing its text takes 2 ms.
CREATE FUNCTION email_search_keys(owner integer, words tsvector) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
BEGIN
  RETURN coalesce(nullif(array(SELECT owner::text || ':' || word FROM unnest(tsvector_to_array(words)) AS word), '{}'), array[owner::text || ':']);
END
$$;--> statement-breakpoint
CREATE INDEX "email_user_search_keys_idx" ON "email" USING gin (email_search_keys("user_id", "search_vector"));--> statement-breakpoint
-- No statistics of the keys: the feed's statement is planned once for every reader and search, and cannot use
-- them, while a search planned for its own words read them each time (2-5 ms of planning, on load).
ALTER INDEX "email_user_search_keys_idx" ALTER COLUMN 1 SET STATISTICS 0;
