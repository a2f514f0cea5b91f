import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const FOLLOWED_FEED_STATUSES = ["ok", "error"] as const;

/**
 * A feed someone follows (lib/feeds-in), one row per feed URL however many readers follow it: each round
 * it is fetched once, by whoever holds its lease (`lease_holder` until `lease_until`), and filed for each.
 */
export const followedFeed = pgTable(
  "followed_feed",
  {
    id: serial("id").primaryKey(),
    feedUrl: text("feed_url").notNull(),
    title: text("title").notNull(),
    siteUrl: text("site_url"),
    /** The WebSub hub the feed names (rel="hub"), if any. */
    hubUrl: text("hub_url"),
    /** The feed's own URL as it names itself (rel="self"), the topic a hub knows it by. */
    selfUrl: text("self_url"),
    etag: text("etag"),
    lastModified: text("last_modified"),
    status: text("status", { enum: FOLLOWED_FEED_STATUSES }).notNull().default("ok"),
    lastError: text("last_error"),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }).notNull().defaultNow(),
    /** Failed fetches in a row, for the backoff; 0 once one works. */
    errorStreak: integer("error_streak").notNull().default(0),
    leaseHolder: text("lease_holder"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The secret the hub signs pushes with (X-Hub-Signature), and until when its subscription holds. */
    websubSecret: text("websub_secret"),
    websubUntil: timestamp("websub_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("followed_feed_url_idx").on(table.feedUrl), index("followed_feed_next_poll_idx").on(table.nextPollAt)],
);

/** A reader following a feed: what they typed (a page or the feed itself) and their newsletter of its entries. */
export const feedSubscription = pgTable(
  "feed_subscription",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    feedId: integer("feed_id")
      .notNull()
      .references(() => followedFeed.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    newsletterId: integer("newsletter_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("feed_subscription_user_feed_idx").on(table.userId, table.feedId),
    index("feed_subscription_feed_idx").on(table.feedId),
  ],
);

/**
 * An entry a feed has held, known by its id and by its link: an entry met again under either is the same
 * one, so a refresh never files it twice. Its row id makes the Message-ID of what is filed for each reader.
 */
export const feedEntry = pgTable(
  "feed_entry",
  {
    id: serial("id").primaryKey(),
    feedId: integer("feed_id")
      .notNull()
      .references(() => followedFeed.id, { onDelete: "cascade" }),
    guid: text("guid"),
    link: text("link"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("feed_entry_guid_idx")
      .on(table.feedId, table.guid)
      .where(sql`${table.guid} is not null`),
    uniqueIndex("feed_entry_link_idx")
      .on(table.feedId, table.link)
      .where(sql`${table.link} is not null`),
  ],
);

export const FEED_IMPORT_STATUSES = ["running", "done", "failed"] as const;

/** An OPML file a reader uploaded: its feeds' URLs, followed one by one by a job that keeps count here. */
export const feedImport = pgTable(
  "feed_import",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: FEED_IMPORT_STATUSES }).notNull().default("running"),
    urls: jsonb("urls").$type<string[]>().notNull(),
    processed: integer("processed").notNull().default(0),
    followed: integer("followed").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("feed_import_user_idx").on(table.userId)],
);
