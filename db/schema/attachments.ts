import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { inboundMessage } from "./mail";

/**
 * A newsletter's attachment (a PDF edition, an image, a calendar file), kept once per stored message; each
 * reader reaches it through their copy of that message. The bytes are an object of lib/storage, by their SHA-256.
 */
export const attachment = pgTable(
  "attachment",
  {
    id: serial("id").primaryKey(),
    inboundMessageId: integer("inbound_message_id")
      .notNull()
      .references(() => inboundMessage.id, { onDelete: "cascade" }),
    /** Its place among the message's attachments: keeping them again (a retried job) adds nothing. */
    position: integer("position").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Its bytes in the object store (the bucket, else the database's stored_object). */
    objectKey: text("object_key").notNull(),
  },
  (table) => [uniqueIndex("attachment_inbound_position_idx").on(table.inboundMessageId, table.position)],
);
