-- Seeds the discovery benchmark beside the loaded catalog: 10,000 private mail-created newsletters
-- (50,000 issues, 100,000 emails), 2,000 readers following catalog newsletters, and a week of
-- likes, reads and comments on both. The reader :reader follows ten catalog newsletters.
-- Deterministic, so runs compare.
INSERT INTO newsletter (source, name, publisher, description, website_url, is_public, recipient_count, sending_frequency)
SELECT 'mail', 'Private Bench Letter ' || n, 'Private Publisher ' || (n % 211),
       'Private notes on ' || (array['compilers','markets','gardens','rockets','elections','databases','coffee','poetry'])[1 + n % 8] || ' number ' || n,
       'https://private' || n || '.example', false, 1 + n % 2, 'Weekly'
FROM generate_series(1, 10000) AS n;

INSERT INTO "user" (name, email, username, unique_local)
SELECT 'Discovery Reader ' || n, 'reader' || n || '@discovery.bench.example', 'discovery.reader.' || n, 'discovery.reader.' || n
FROM generate_series(1, 2000) AS n;

CREATE TEMP TABLE bench_readers AS
SELECT id, row_number() OVER (ORDER BY id) AS n FROM "user" WHERE email LIKE '%@discovery.bench.example';

CREATE TEMP TABLE bench_catalog AS
SELECT id, row_number() OVER (ORDER BY id) AS n FROM newsletter WHERE source = 'catalog';

-- Private letters: five issues each, every issue delivered to one or two readers.
INSERT INTO issue (newsletter_id, fingerprint, subject, sender_name, summary, body_plain, word_count, published_at)
SELECT nl.id, 'discovery-' || nl.id || '-' || k, 'Private issue ' || k || ' of ' || nl.name, nl.name, 'A private summary.', 'Private body text.', 400,
       now() - make_interval(days => k * 2, hours => nl.id % 24)
FROM newsletter nl, generate_series(1, 5) AS k
WHERE nl.name LIKE 'Private Bench Letter %';

-- Catalog letters: twenty issues each over the last six weeks.
INSERT INTO issue (newsletter_id, fingerprint, subject, sender_name, summary, body_plain, word_count, published_at)
SELECT c.id, 'discovery-' || c.id || '-' || k, 'Issue ' || k || ' of catalog letter ' || c.n, 'Catalog sender', 'A public summary.', 'Public body text.', 800,
       now() - make_interval(days => k * 2, hours => (c.n % 24)::int)
FROM bench_catalog c, generate_series(1, 20) AS k;

INSERT INTO email (user_id, issue_id, newsletter_id, message_key, subject, sender_name, summary, body_plain, word_count, date_received)
SELECT r.id, i.id, i.newsletter_id, 'discovery-' || i.id || '-' || r.id, i.subject, i.sender_name, i.summary, i.body_plain, i.word_count, i.published_at
FROM issue i
JOIN newsletter nl ON nl.id = i.newsletter_id AND nl.name LIKE 'Private Bench Letter %'
JOIN bench_readers r ON r.n = 1 + (nl.id % 2000) OR (nl.recipient_count = 2 AND r.n = 1 + ((nl.id * 7) % 2000));

-- Each reader follows twelve catalog newsletters and receives their issues.
INSERT INTO subscription (user_id, newsletter_id, status, subscribed_at)
SELECT r.id, c.id, 'active', now() - make_interval(days => (r.n + c.n)::int % 30)
FROM bench_readers r JOIN bench_catalog c ON (c.n + r.n * 13) % (SELECT count(*) FROM bench_catalog) < 12
ON CONFLICT DO NOTHING;

INSERT INTO subscription (user_id, newsletter_id, status)
SELECT DISTINCT e.user_id, e.newsletter_id, 'inactive' FROM email e
JOIN newsletter nl ON nl.id = e.newsletter_id AND nl.source = 'mail'
ON CONFLICT DO NOTHING;

INSERT INTO email (user_id, issue_id, newsletter_id, message_key, subject, sender_name, summary, body_plain, word_count, date_received)
SELECT s.user_id, i.id, i.newsletter_id, 'discovery-' || i.id || '-' || s.user_id, i.subject, i.sender_name, i.summary, i.body_plain, i.word_count, i.published_at
FROM subscription s
JOIN bench_readers r ON r.id = s.user_id
JOIN issue i ON i.newsletter_id = s.newsletter_id AND i.fingerprint LIKE 'discovery-%'
WHERE s.status = 'active' AND i.id % 4 = r.n % 4;

INSERT INTO subscription (user_id, newsletter_id, status, subscribed_at)
SELECT :reader, c.id, 'active', now() - interval '40 days' FROM bench_catalog c WHERE c.n % 27 = 1 AND c.n <= 270
ON CONFLICT DO NOTHING;

-- A week (and more) of engagement.
INSERT INTO email_read (email_id, user_id, issue_id, duration_seconds, first_read_at, last_read_at)
SELECT id, user_id, issue_id, 90, now() - make_interval(days => id % 14), now() - make_interval(days => id % 14)
FROM email WHERE message_key LIKE 'discovery-%' AND id % 2 = 0;

INSERT INTO email_like (email_id, user_id, issue_id, created_at)
SELECT id, user_id, issue_id, now() - make_interval(days => id % 14) FROM email WHERE message_key LIKE 'discovery-%' AND id % 7 = 0;

INSERT INTO comment (issue_id, email_id, user_id, content, created_at)
SELECT issue_id, id, user_id, 'A bench comment.', now() - make_interval(days => id % 14) FROM email WHERE message_key LIKE 'discovery-%' AND id % 29 = 0;

UPDATE newsletter nl SET total_subscribers = counted.followers
FROM (SELECT newsletter_id, count(*)::int AS followers FROM subscription WHERE status = 'active' GROUP BY newsletter_id) AS counted
WHERE counted.newsletter_id = nl.id;
