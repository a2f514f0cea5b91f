import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const category = pgTable("category", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull().unique(),
  emoji: text("emoji").notNull(),
});

/** A newsletter in the catalog: loaded from the catalog file, or created when its mail first arrives. */
export const newsletter = pgTable(
  "newsletter",
  {
    id: serial("id").primaryKey(),
    /** Stable key of a catalog entry, so loading the catalog again updates instead of duplicating. */
    catalogKey: text("catalog_key").unique(),
    source: text("source", { enum: ["catalog", "mail"] }).notNull(),
    name: text("name").notNull(),
    publisher: text("publisher"),
    description: text("description"),
    logoUrl: text("logo_url"),
    websiteUrl: text("website_url"),
    subscribePageUrl: text("subscribe_page_url"),
    /** The feed its site publishes, where known (db/catalog): "Follow by feed" in Discover (lib/feeds-in). */
    feedUrl: text("feed_url"),
    directSubscribeUrl: text("direct_subscribe_url"),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** Mail-created newsletters stay out of discovery until enough different users receive them. */
    isPublic: boolean("is_public").notNull().default(false),
    /**
     * An operator's review before a mail-created newsletter becomes public (issue 28): null when none
     * was asked for, `pending` while it waits, then `approved` or `rejected`.
     */
    publicReview: text("public_review", { enum: ["pending", "approved", "rejected"] }),
    publicReviewAt: timestamp("public_review_at", { withTimezone: true }),
    listId: text("list_id").unique(),
    senderAddress: text("sender_address").unique(),
    senderDomain: text("sender_domain"),
    sendingFrequency: text("sending_frequency"),
    firstSeen: timestamp("first_seen", { withTimezone: true }),
    lastSeen: timestamp("last_seen", { withTimezone: true }),
    totalIssues: integer("total_issues").notNull().default(0),
    totalEmails: integer("total_emails").notNull().default(0),
    totalReadTimeSeconds: integer("total_read_time_seconds").notNull().default(0),
    totalSubscribers: integer("total_subscribers").notNull().default(0),
    totalLikes: integer("total_likes").notNull().default(0),
    recipientCount: integer("recipient_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index("newsletter_sender_domain_idx").on(table.senderDomain),
    index("newsletter_public_subscribers_idx").on(table.isPublic, table.totalSubscribers),
    index("newsletter_featured_idx")
      .on(table.isFeatured)
      .where(sql`${table.isFeatured}`),
    // Discovery search (lib/newsletters/discovery-repo.ts repeats this expression so the planner uses them).
    index("newsletter_search_trgm_idx")
      .using(
        "gin",
        sql`(${table.name} || ' ' || coalesce(${table.publisher}, '') || ' ' || coalesce(${table.description}, '')) gin_trgm_ops`,
      )
      .where(sql`${table.isPublic}`),
    index("newsletter_search_fts_idx")
      .using(
        "gin",
        sql`to_tsvector('english', ${table.name} || ' ' || coalesce(${table.publisher}, '') || ' ' || coalesce(${table.description}, ''))`,
      )
      .where(sql`${table.isPublic}`),
    // The words of the name and publisher as written, for exact, begun and one-slip-away spellings.
    index("newsletter_search_names_idx")
      .using("gin", sql`to_tsvector('simple', ${table.name} || ' ' || coalesce(${table.publisher}, ''))`)
      .where(sql`${table.isPublic}`),
  ],
);

export const newsletterCategory = pgTable(
  "newsletter_category",
  {
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletter.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => category.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.newsletterId, table.categoryId] }),
    index("newsletter_category_category_idx").on(table.categoryId),
  ],
);

export const subscription = pgTable(
  "subscription",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletter.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["active", "inactive"] }).notNull(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** Mail still arrives and is filed, but the feed leaves it out unless asked (docs/contract.md 6.2). */
    muted: boolean("muted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    uniqueIndex("subscription_user_newsletter_idx").on(table.userId, table.newsletterId),
    // Every feed page asks for the reader's muted newsletters: an index-only lookup of usually no rows.
    index("subscription_user_muted_idx")
      .on(table.userId, table.newsletterId)
      .where(sql`${table.muted}`),
    // Both carry the third column so "who else follows this" and "what else do they follow" are index-only.
    index("subscription_newsletter_status_idx").on(table.newsletterId, table.status, table.userId),
    index("subscription_user_status_idx").on(table.userId, table.status, table.newsletterId),
    index("subscription_subscribed_at_idx").on(table.subscribedAt),
  ],
);

/**
 * Committed writes to what discovery shows, counted by deferred triggers (migration 0004) on the
 * catalog, subscriptions, issues, emails, likes and comments, and on favourites and reads of issues
 * the reader holds no copy of (migration 0010): while the sum stays the same, a
 * process's cached discovery answers still hold. Striped by backend so concurrent writers rarely
 * wait for one another.
 */
export const discoveryChange = pgTable("discovery_change", {
  stripe: integer("stripe").primaryKey(),
  changes: bigint("changes", { mode: "number" }).notNull().default(0),
});
