import { integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { inboundMessage } from "./mail";
import { bytea } from "./types";

/**
 * A newsletter's attachment (a PDF edition, an image, a calendar file), kept once per stored message; each
 * reader reaches it through their copy of that message. The bytes are here until lib/storage holds them.
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
    content: bytea("content").notNull(),
  },
  (table) => [uniqueIndex("attachment_inbound_position_idx").on(table.inboundMessageId, table.position)],
);
