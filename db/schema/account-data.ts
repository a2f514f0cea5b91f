import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./types";
import { user } from "./auth";

/**
 * Unique addresses of deleted accounts. Mail to them is refused like mail to any unknown address, and
 * no one may take them again: a newcomer must not receive what was meant for the reader who left.
 */
export const retiredAddress = pgTable("retired_address", {
  localPart: text("local_part").primaryKey(),
  retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
});

export type ImportFailure = { position: number; subject: string | null; reason: string };

/** An upload of existing mail (mbox, one message, or a zip of messages), filed by a job that records how far it got. */
export const mailImport = pgTable(
  "mail_import",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["mbox", "eml", "zip"] }).notNull(),
    status: text("status", { enum: ["running", "done", "failed"] })
      .notNull()
      .default("running"),
    /** Why the whole import failed (status `failed`). */
    error: text("error"),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    /** Messages in the file; null until they are counted. */
    total: integer("total"),
    processed: integer("processed").notNull().default(0),
    filed: integer("filed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** Where the next message starts: a byte offset in an mbox, an entry index in a zip. */
    position: bigint("position", { mode: "number" }).notNull().default(0),
    /** The upload's chunks in `upload_chunk`, until the import ends (docs/contract.md 7.1: no shared disk). */
    uploadKey: text("upload_key"),
    failures: jsonb("failures").$type<ImportFailure[]>().notNull().default([]),
    /** One worker at a time: a slice claims the import until this time. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index("mail_import_user_idx").on(table.userId, table.createdAt)],
);

/**
 * An upload kept in the database in order, a chunk a row, so whichever instance or worker runs its import
 * can stream it back. Chunks of an upload no import claimed (the uploader died) are swept after a while.
 */
export const uploadChunk = pgTable(
  "upload_chunk",
  {
    uploadKey: text("upload_key").notNull(),
    seq: integer("seq").notNull(),
    /** The bytes, when the database keeps them; null with a bucket, whose object `uploads/<key>/<seq>` holds them (lib/imports/upload.ts). */
    data: bytea("data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.uploadKey, table.seq] }), index("upload_chunk_created_idx").on(table.createdAt)],
);
