import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { email, inboundMessage } from "./mail";

export const DELIVERY_OUTCOMES = [
  "filed",
  "duplicate",
  "blocked",
  "muted",
  "confirmation",
  "screened",
  "passed_through",
  "looped",
  "pending",
  "failed",
] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/**
 * One message reaching one reader: written `pending` with the stored message, given its outcome by
 * filing. A message whose filing failed stays `pending` here; its inbound status says `failed`.
 */
export const delivery = pgTable(
  "delivery",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    inboundMessageId: integer("inbound_message_id")
      .notNull()
      .references(() => inboundMessage.id, { onDelete: "cascade" }),
    /** The reader's own address the message came to: shown to them alone. */
    recipient: text("recipient").notNull(),
    sender: text("sender"),
    subject: text("subject"),
    outcome: text("outcome", {
      enum: ["filed", "duplicate", "blocked", "muted", "confirmation", "screened", "passed_through", "looped", "pending"],
    })
      .notNull()
      .default("pending"),
    /** The reader's rules that matched this message, in the order they ran: `[{id, name}]`. */
    rules: jsonb("rules").$type<{ id: number; name: string }[]>(),
    emailId: integer("email_id").references(() => email.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("delivery_user_received_idx").on(table.userId, table.receivedAt, table.id),
    index("delivery_inbound_idx").on(table.inboundMessageId),
  ],
);
