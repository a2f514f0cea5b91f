import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { newsletter } from "./newsletters";
import { bytea, tsvector } from "./types";

/** A message exactly as it arrived, stored before any 2xx so nothing is lost. */
export const inboundMessage = pgTable(
  "inbound_message",
  {
    id: serial("id").primaryKey(),
    /** Message-ID (or a hash of the bytes when there is none) and the receiving users: one row per delivery. */
    dedupKey: text("dedup_key").notNull(),
    source: text("source", { enum: ["raw", "mailgun", "postmark", "smtp", "cli", "import", "imap", "sample", "feed"] }).notNull(),
    envelopeTo: text("envelope_to")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The bytes, when the database keeps them; null when they are in the bucket under `rawKey` (lib/storage). */
    raw: bytea("raw"),
    /** The object holding the bytes in the bucket, by their SHA-256 (`messages/<hex>`); null when `raw` holds them. */
    rawKey: text("raw_key"),
    sizeBytes: integer("size_bytes").notNull(),
    status: text("status", { enum: ["received", "filed", "failed"] })
      .notNull()
      .default("received"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /**
     * Sender authentication (docs/contract.md 7.2): `pending` until checked, `checked` with its results, or
     * `temperror` when DNS failed (filed unverified, checked again later).
     */
    authStatus: text("auth_status", { enum: ["pending", "checked", "temperror"] })
      .notNull()
      .default("pending"),
    /** The DKIM, DMARC and SPF results as the authentication library reported them, trimmed to what we keep. */
    authResults: jsonb("auth_results"),
    /** Domain of the passing DKIM signature aligned with the From domain; null when none passed. */
    senderVerifiedDomain: text("sender_verified_domain"),
    authCheckedAt: timestamp("auth_checked_at", { withTimezone: true }),
  },
  (table) => [
    index("inbound_message_auth_status_idx").on(table.authStatus),
    // Unique, so two concurrent deliveries of one message store one copy.
    uniqueIndex("inbound_message_dedup_key_idx").on(table.dedupKey),
    index("inbound_message_status_idx").on(table.status),
    // `storage verify` asks, for each object in the bucket, whether a row names it.
    index("inbound_message_raw_key_idx")
      .on(table.rawKey)
      .where(sql`${table.rawKey} IS NOT NULL`),
    check("inbound_message_raw_kept", sql`${table.raw} IS NOT NULL OR ${table.rawKey} IS NOT NULL`),
  ],
);

/** One edition of a newsletter, shared by every user who received it, in its de-personalized form. */
export const issue = pgTable(
  "issue",
  {
    id: serial("id").primaryKey(),
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletter.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    subject: text("subject"),
    senderName: text("sender_name"),
    senderEmail: text("sender_email"),
    summary: text("summary"),
    thumbnailUrl: text("thumbnail_url"),
    bodyHtml: text("body_html"),
    bodyPlain: text("body_plain"),
    wordCount: integer("word_count").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("issue_newsletter_fingerprint_idx").on(table.newsletterId, table.fingerprint),
    index("issue_newsletter_published_idx").on(table.newsletterId, table.publishedAt),
    index("issue_published_idx").on(table.publishedAt),
  ],
);

/** One delivery of an issue to one user: what their feed lists. */
export const email = pgTable(
  "email",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    issueId: integer("issue_id")
      .notNull()
      .references(() => issue.id, { onDelete: "cascade" }),
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletter.id, { onDelete: "cascade" }),
    inboundMessageId: integer("inbound_message_id").references(() => inboundMessage.id, { onDelete: "set null" }),
    /** Message-ID (or content hash): the same message is never filed twice for one user. */
    messageKey: text("message_key").notNull(),
    subject: text("subject"),
    senderName: text("sender_name"),
    senderEmail: text("sender_email"),
    summary: text("summary"),
    thumbnailUrl: text("thumbnail_url"),
    bodyHtml: text("body_html"),
    bodyPlain: text("body_plain"),
    wordCount: integer("word_count").notNull().default(0),
    dateReceived: timestamp("date_received", { withTimezone: true }).notNull(),
    isForwarded: boolean("is_forwarded").notNull().default(false),
    /** Copied from the stored message's authentication when filed (docs/contract.md 7.2). */
    senderVerified: boolean("sender_verified").notNull().default(false),
    senderVerifiedDomain: text("sender_verified_domain"),
    /** A rule's `skip_feed` action: kept and searchable, left out of the feed unless asked (docs/contract.md 7.4). */
    skippedFeed: boolean("skipped_feed").notNull().default(false),
    kind: text("kind", { enum: ["issue", "confirmation"] })
      .notNull()
      .default("issue"),
    confirmationUrl: text("confirmation_url"),
    /** A followed feed's entry: its link, the issue's `newsletter_url` (lib/feeds-in). */
    linkUrl: text("link_url"),
    /** A pending confirmation card the reader dismissed. */
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    /**
     * Copies of "has email_read" and "the newsletter's subscription is active", kept by triggers
     * (migration feed_read_subscribed_flags) so feed filters read them from an index, not by joining.
     */
    isRead: boolean("is_read").notNull().default(false),
    isSubscribed: boolean("is_subscribed").notNull().default(false),
    /**
     * Subject (A), sender (B) and the first 20,000 characters of the body (D, some 3,000 words): parsing
     * text is most of an insert's cost, and the start of an issue is what a search for it names.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(subject, '')), 'A') || setweight(to_tsvector('english', coalesce(sender_name, '')), 'B') || setweight(to_tsvector('english', left(coalesce(body_plain, ''), 20000)), 'D')`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("email_user_message_idx").on(table.userId, table.messageKey),
    // Past the date and id, every column a feed filter or sort reads: a filtered feed (recency, read,
    // subscription, category, kind) counts and sorts its matches from this index without the table.
    index("email_user_date_idx").on(
      table.userId,
      table.dateReceived,
      table.id,
      table.newsletterId,
      table.wordCount,
      table.kind,
      table.subject,
      table.senderName,
      table.isRead,
      table.isSubscribed,
    ),
    // Unread and subscribed feeds, the common filters, range-scan their matches alone.
    index("email_user_state_idx").on(
      table.userId,
      table.isRead,
      table.isSubscribed,
      table.dateReceived,
      table.id,
      table.newsletterId,
      table.wordCount,
      table.kind,
      table.subject,
      table.senderName,
    ),
    // A filtered feed's count, muted and skipped emails left in (feed-repo subtracts them apart): narrow and
    // with nothing checked per entry, counting 5,000 matches costs a third of what the state index did.
    index("email_user_state_count_idx").on(table.userId, table.isRead, table.isSubscribed, table.dateReceived, table.kind),
    index("email_user_newsletter_idx").on(table.userId, table.newsletterId, table.dateReceived),
    // One per other sort, in its order with the id tie-break, then every filter's column: a page walks
    // the index until it has its rows, checking filters in the index, while the count reads the state index.
    index("email_user_subject_idx").on(
      table.userId,
      table.subject,
      table.id,
      table.isRead,
      table.isSubscribed,
      table.dateReceived,
      table.kind,
      table.newsletterId,
    ),
    index("email_user_sender_idx").on(
      table.userId,
      table.senderName,
      table.id,
      table.isRead,
      table.isSubscribed,
      table.dateReceived,
      table.kind,
      table.newsletterId,
    ),
    index("email_user_words_idx").on(
      table.userId,
      table.wordCount,
      table.id,
      table.isRead,
      table.isSubscribed,
      table.dateReceived,
      table.kind,
      table.newsletterId,
    ),
    index("email_issue_idx").on(table.issueId),
    // The search's from: (lib/issues/search-conditions.ts): the sender's address lowercased and reversed,
    // bytewise, so that a domain and its subdomains are one range of keys and an address one key.
    index("email_user_sender_domain_idx").on(table.userId, sql`(reverse(lower(${table.senderEmail})) collate "C")`),
    // btree_gin: the user's key and the words in one index; the feed's prefix and phrase searches read it.
    index("email_user_search_idx").using("gin", table.userId, table.searchVector),
    // Each word as one key with its owner ("42 quantum", migration 0035's email_search_keys): a search for whole
    // words reads only the owner's postings of those words, where the index above intersects the owner's
    // every email with every user's emails of each word.
    index("email_user_search_keys_idx").using("gin", sql`email_search_keys(${table.userId}, ${table.searchVector})`),
  ],
);

/**
 * How many emails each user holds, by kind: the unfiltered feed's exact total without counting
 * 50,000 rows per page. Kept by triggers on email (migration feed_totals_user_search), whoever writes it.
 */
export const userEmailTotal = pgTable(
  "user_email_total",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["issue", "confirmation"] }).notNull(),
    total: integer("total").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
