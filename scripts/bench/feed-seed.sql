-- Seeds the feed benchmark: 500 newsletters, 50,000 issues, 2,000 users and 1,000,000 emails,
-- 50,000 of them the heavy user's (:heavy). Deterministic, so runs compare.
--
-- The rows are those the flags' and totals' triggers (db/README.md) would leave, written in an order that
-- gives them nothing to rewrite: subscriptions before the emails (whose insert trigger then sets
-- is_subscribed), each email's is_read written with it (its read follows), and the email indexes built once
-- over all the rows instead of taking a million inserts each: 6 minutes on a loaded machine, where letting
-- the triggers rewrite 830,000 rows took 24 to 36.
SET LOCAL maintenance_work_mem = '256MB';

INSERT INTO newsletter (source, name, publisher, website_url, is_public, sending_frequency)
SELECT 'mail', 'Bench Letter ' || n, 'Publisher ' || (n % 97), 'https://letter' || n || '.example', n % 3 = 0, 'Weekly'
FROM generate_series(1, 500) AS n;

INSERT INTO newsletter_category (newsletter_id, category_id)
SELECT nl.id, c.id FROM newsletter nl JOIN category c ON (nl.id + c.id) % 5 = 0
WHERE nl.name LIKE 'Bench Letter %';

CREATE TEMP TABLE bench_words AS
SELECT array['compiler','kernel','market','inflation','pasta','garden','rocket','climate','election','football',
             'design','startup','privacy','database','vaccine','novel','travel','coffee','bitcoin','poetry',
             'quantum','galaxy','recipe','investing','typescript','postgres','history','music','cinema','ocean'] AS w;

INSERT INTO issue (newsletter_id, fingerprint, subject, sender_name, sender_email, summary, body_plain, word_count, published_at)
SELECT nl.id, 'bench-' || nl.id || '-' || k,
       initcap(w[1 + (nl.id * 7 + k) % 30]) || ' and ' || w[1 + (nl.id + k * 3) % 30] || ' #' || k,
       nl.name, 'news@letter' || nl.id || '.example', 'This week: ' || w[1 + k % 30] || '.',
       repeat(w[1 + (k * 11 + nl.id) % 30] || ' ' || w[1 + (k + nl.id * 5) % 30] || ' about the ' || w[1 + (k * 13) % 30] || ' news. ', 20),
       100 + (nl.id * k) % 2400,
       now() - make_interval(days => (k * 3 + nl.id % 3))
FROM newsletter nl, generate_series(1, 100) AS k, bench_words
WHERE nl.name LIKE 'Bench Letter %';

INSERT INTO "user" (name, email, username, unique_local)
SELECT 'Bench Reader ' || n, 'bench' || n || '@bench.example', 'bench.reader.' || n, 'bench.reader.' || n
FROM generate_series(1, 1999) AS n;

-- Each user receives the issues of a slice of newsletters (the heavy user all 50,000) and subscribes to
-- every newsletter they receive.
CREATE TEMP TABLE bench_delivery AS
SELECT u.id AS user_id, i.id AS issue_id
FROM "user" u
JOIN issue i ON i.id % 105 = u.id % 105 AND i.fingerprint LIKE 'bench-%'
WHERE u.email LIKE 'bench%@bench.example';

INSERT INTO subscription (user_id, newsletter_id, status, subscribed_at)
SELECT DISTINCT d.user_id, i.newsletter_id, CASE WHEN i.newsletter_id % 2 = 0 THEN 'active' ELSE 'inactive' END, now()
FROM (SELECT user_id, issue_id FROM bench_delivery UNION ALL SELECT :heavy, id FROM issue WHERE fingerprint LIKE 'bench-%') AS d
JOIN issue i ON i.id = d.issue_id
ON CONFLICT DO NOTHING;

-- The email indexes but the primary key, dropped while the rows go in and built again after them.
CREATE TEMP TABLE bench_email_indexes AS
SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
FROM pg_index
WHERE indrelid = 'email'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = indexrelid);

DO $$
DECLARE dropped record;
BEGIN
  FOR dropped IN SELECT name FROM bench_email_indexes LOOP
    EXECUTE 'DROP INDEX ' || dropped.name;
  END LOOP;
END $$;

-- A million live events (migration 0019) would tell the benchmark's own server of mail no one waits for.
ALTER TABLE email DISABLE TRIGGER email_filed_notify;
-- Nor are a million change stamps (migration 0037) renewed one row at a time, readers alternating: each seeded
-- reader and liked issue gets its row below, as a reader's first change would have given it.
ALTER TABLE email DISABLE TRIGGER email_feed_change;
ALTER TABLE email_like DISABLE TRIGGER email_like_feed_change;

-- Every third email is read (below): its flag is written with it, so that the read's trigger has nothing to change.
INSERT INTO email (id, user_id, issue_id, newsletter_id, message_key, subject, sender_name, sender_email, summary, body_plain, word_count, date_received, is_read)
SELECT id, user_id, issue_id, newsletter_id, message_key, subject, sender_name, sender_email, summary, body_plain, word_count, date_received, id % 3 = 0
FROM (
  SELECT nextval('email_id_seq') AS id, d.user_id, i.id AS issue_id, i.newsletter_id, 'bench-' || i.id AS message_key, i.subject,
         i.sender_name, i.sender_email, i.summary, i.body_plain, i.word_count, i.published_at AS date_received
  FROM bench_delivery d JOIN issue i ON i.id = d.issue_id
) AS delivered;

INSERT INTO email (id, user_id, issue_id, newsletter_id, message_key, subject, sender_name, sender_email, summary, body_plain, word_count, date_received, is_read)
SELECT id, user_id, issue_id, newsletter_id, message_key, subject, sender_name, sender_email, summary, body_plain, word_count, date_received, id % 3 = 0
FROM (
  SELECT nextval('email_id_seq') AS id, :heavy AS user_id, i.id AS issue_id, i.newsletter_id, 'bench-' || i.id AS message_key, i.subject,
         i.sender_name, i.sender_email, i.summary, i.body_plain, i.word_count, i.published_at AS date_received
  FROM issue i WHERE i.fingerprint LIKE 'bench-%'
) AS delivered;

-- The emails' deferred triggers (the discovery stamp) run now rather than at commit: the table cannot be
-- indexed or altered while they are pending.
SET CONSTRAINTS ALL IMMEDIATE;

DO $$
DECLARE built record;
BEGIN
  FOR built IN SELECT definition FROM bench_email_indexes LOOP
    EXECUTE built.definition;
  END LOOP;
END $$;

INSERT INTO email_read (email_id, user_id, issue_id, duration_seconds)
SELECT id, user_id, issue_id, 60 FROM email WHERE message_key LIKE 'bench-%' AND id % 3 = 0;

INSERT INTO email_like (email_id, user_id, issue_id)
SELECT id, user_id, issue_id FROM email WHERE message_key LIKE 'bench-%' AND id % 17 = 0;

ALTER TABLE email ENABLE TRIGGER email_filed_notify;
ALTER TABLE email ENABLE TRIGGER email_feed_change;
ALTER TABLE email_like ENABLE TRIGGER email_like_feed_change;
INSERT INTO feed_change (user_id, changes) SELECT DISTINCT user_id, 1 FROM email WHERE message_key LIKE 'bench-%';
INSERT INTO issue_change (issue_id, changes) SELECT DISTINCT issue_id, 1 FROM email_like;
