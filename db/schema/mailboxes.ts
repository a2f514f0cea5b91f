import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { MAILBOX_AFTER_FILING, MAILBOX_TLS } from "./mailbox-options";

export const MAILBOX_STATUSES = ["syncing", "idle", "error", "paused"] as const;

/**
 * A reader's own IMAP mailbox that Paperboy watches for newsletters. One connection per mailbox across
 * every instance: whoever holds the lease (`lease_holder` until `lease_until`) keeps it open and renews it.
 */
export const mailbox = pgTable(
  "mailbox",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    host: text("host").notNull(),
    port: integer("port").notNull(),
    tls: text("tls", { enum: MAILBOX_TLS }).notNull(),
    username: text("username").notNull(),
    /** AES-256-GCM sealed password (lib/crypto/seal.ts); never returned, logged or exported. */
    passwordSealed: text("password_sealed").notNull(),
    folders: text("folders")
      .array()
      .notNull()
      .default(sql`'{INBOX}'::text[]`),
    since: timestamp("since", { withTimezone: true }).notNull(),
    afterFiling: text("after_filing", { enum: MAILBOX_AFTER_FILING }).notNull().default("leave"),
    moveTo: text("move_to"),
    paused: boolean("paused").notNull().default(false),
    status: text("status", { enum: MAILBOX_STATUSES }).notNull().default("syncing"),
    lastError: text("last_error"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    filed: integer("filed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** Set by "sync now": the holder runs a pass as soon as it sees a request newer than its last pass. */
    syncRequestedAt: timestamp("sync_requested_at", { withTimezone: true }),
    /** Failed connections in a row, for the backoff after an error; 0 once a connection works. */
    errorStreak: integer("error_streak").notNull().default(0),
    retryAt: timestamp("retry_at", { withTimezone: true }),
    leaseHolder: text("lease_holder"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index("mailbox_user_idx").on(table.userId), index("mailbox_lease_idx").on(table.leaseUntil)],
);

/** How far a mailbox's folder has been read: resumed from `last_uid`, rescanned when `uid_validity` changes. */
export const mailboxFolder = pgTable(
  "mailbox_folder",
  {
    mailboxId: integer("mailbox_id")
      .notNull()
      .references(() => mailbox.id, { onDelete: "cascade" }),
    folder: text("folder").notNull(),
    uidValidity: bigint("uid_validity", { mode: "number" }),
    lastUid: bigint("last_uid", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.mailboxId, table.folder] })],
);
