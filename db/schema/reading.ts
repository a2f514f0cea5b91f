import { isNull } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { email, issue } from "./mail";

const owner = () =>
  integer("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });
const ownEmail = () =>
  integer("email_id")
    .notNull()
    .references(() => email.id, { onDelete: "cascade" });
/**
 * The reader's copy the action is on; null for an issue of a public newsletter the reader never received
 * (reached from trending or recent issues), where the action is keyed by (user, issue) instead. A copy
 * delivered later adopts those actions (trigger of migration issue_level_interactions).
 */
const actedEmail = () => integer("email_id").references(() => email.id, { onDelete: "cascade" });
const ofIssue = () =>
  integer("issue_id")
    .notNull()
    .references(() => issue.id, { onDelete: "cascade" });

export const emailLike = pgTable(
  "email_like",
  {
    emailId: actedEmail(),
    userId: owner(),
    issueId: ofIssue(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("email_like_email_idx").on(table.emailId),
    uniqueIndex("email_like_user_issue_idx").on(table.userId, table.issueId).where(isNull(table.emailId)),
    index("email_like_user_idx").on(table.userId, table.createdAt),
    index("email_like_issue_idx").on(table.issueId, table.createdAt),
    index("email_like_recent_idx").on(table.createdAt, table.issueId),
  ],
);

export const emailFavorite = pgTable(
  "email_favorite",
  {
    emailId: actedEmail(),
    userId: owner(),
    issueId: ofIssue(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("email_favorite_email_idx").on(table.emailId),
    uniqueIndex("email_favorite_user_issue_idx").on(table.userId, table.issueId).where(isNull(table.emailId)),
    index("email_favorite_user_idx").on(table.userId, table.createdAt),
  ],
);

export const emailRead = pgTable(
  "email_read",
  {
    emailId: actedEmail(),
    userId: owner(),
    issueId: ofIssue(),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    firstReadAt: timestamp("first_read_at", { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("email_read_email_idx").on(table.emailId),
    uniqueIndex("email_read_user_issue_idx").on(table.userId, table.issueId).where(isNull(table.emailId)),
    // With email_id, the unread filter reads a user's reads from the index alone.
    index("email_read_user_idx").on(table.userId, table.emailId),
    index("email_read_issue_idx").on(table.issueId, table.lastReadAt),
    index("email_read_recent_idx").on(table.lastReadAt, table.issueId),
  ],
);

/** Comments belong to the issue: everyone who can read it sees them. */
export const comment = pgTable(
  "comment",
  {
    id: serial("id").primaryKey(),
    issueId: ofIssue(),
    emailId: integer("email_id").references(() => email.id, { onDelete: "set null" }),
    userId: owner(),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("comment_issue_idx").on(table.issueId, table.createdAt),
    index("comment_user_idx").on(table.userId, table.createdAt),
    index("comment_recent_idx").on(table.createdAt, table.issueId),
  ],
);

export const folder = pgTable(
  "folder",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("folder_user_name_idx").on(table.userId, table.name)],
);

export const folderEmail = pgTable(
  "folder_email",
  {
    folderId: integer("folder_id")
      .notNull()
      .references(() => folder.id, { onDelete: "cascade" }),
    emailId: ownEmail(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.folderId, table.emailId] }), index("folder_email_email_idx").on(table.emailId)],
);

/** A public link to one email; the id is unguessable (at least 128 random bits). */
export const share = pgTable("share", {
  id: serial("id").primaryKey(),
  shareId: text("share_id").notNull().unique(),
  emailId: ownEmail().unique(),
  userId: owner(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
