import { bigint, index, integer, pgTable, smallint } from "drizzle-orm/pg-core";
import { issue } from "./mail";

/**
 * Committed changes to what a reader's feed answers show, noted by deferred triggers (migration
 * feed-change-stamp) on their emails, subscriptions, likes, favourites, shares, reading progress and
 * folders; user 0 stands for every reader (a newsletter's name, logo, site or visibility, its
 * categories). A reader's stamp is the set of these rows' xmin (the writing transaction's id, which every
 * noted commit renews, and a restored row gets anew): while it holds, a feed answer a process kept for the
 * reader still holds (lib/issues/feed-answers.ts). A writer takes whichever of the reader's rows no other transaction holds,
 * or adds one, so that concurrent writers never wait for one another.
 */
export const feedChange = pgTable(
  "feed_change",
  {
    userId: integer("user_id").notNull(),
    /** Which of the reader's rows: 0 is the first, which a writer waits for once the reader has four. */
    slot: smallint("slot").notNull().default(0),
    changes: bigint("changes", { mode: "number" }).notNull().default(0),
  },
  (table) => [index("feed_change_user_idx").on(table.userId)],
);

/**
 * Committed changes to an issue's likes and comments, which every holder's feed counts: noted per
 * issue, as feedChange is per reader, so that a like renews the answers holding that issue only.
 */
export const issueChange = pgTable(
  "issue_change",
  {
    issueId: integer("issue_id")
      .notNull()
      .references(() => issue.id, { onDelete: "cascade" }),
    /** As feedChange's slot. */
    slot: smallint("slot").notNull().default(0),
    changes: bigint("changes", { mode: "number" }).notNull().default(0),
  },
  (table) => [index("issue_change_issue_idx").on(table.issueId)],
);
