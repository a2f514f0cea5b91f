-- Seeds the feed benchmark: 500 newsletters, 50,000 issues, 2,000 users and 1,000,000 emails,
-- 50,000 of them the heavy user's (:heavy). Deterministic, so runs compare.
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

-- Each user receives the issues of a slice of newsletters; the heavy user gets 50,000 emails.
INSERT INTO email (user_id, issue_id, newsletter_id, message_key, subject, sender_name, sender_email, summary, body_plain, word_count, date_received)
SELECT u.id, i.id, i.newsletter_id, 'bench-' || i.id, i.subject, i.sender_name, i.sender_email, i.summary, i.body_plain, i.word_count, i.published_at
FROM "user" u
JOIN issue i ON i.id % 105 = u.id % 105 AND i.fingerprint LIKE 'bench-%'
WHERE u.email LIKE 'bench%@bench.example';

INSERT INTO email (user_id, issue_id, newsletter_id, message_key, subject, sender_name, sender_email, summary, body_plain, word_count, date_received)
SELECT :heavy, i.id, i.newsletter_id, 'bench-' || i.id, i.subject, i.sender_name, i.sender_email, i.summary, i.body_plain, i.word_count, i.published_at
FROM issue i WHERE i.fingerprint LIKE 'bench-%';

INSERT INTO subscription (user_id, newsletter_id, status, subscribed_at)
SELECT DISTINCT e.user_id, e.newsletter_id, CASE WHEN e.newsletter_id % 2 = 0 THEN 'active' ELSE 'inactive' END, now()
FROM email e WHERE e.message_key LIKE 'bench-%'
ON CONFLICT DO NOTHING;

INSERT INTO email_read (email_id, user_id, issue_id, duration_seconds)
SELECT id, user_id, issue_id, 60 FROM email WHERE message_key LIKE 'bench-%' AND id % 3 = 0;

INSERT INTO email_like (email_id, user_id, issue_id)
SELECT id, user_id, issue_id FROM email WHERE message_key LIKE 'bench-%' AND id % 17 = 0;


