import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** A reader's webhook (docs/contract.md 7.6): events POSTed to `url`, signed as Standard Webhooks sign. */
export const webhook = pgTable(
  "webhook",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    /** The signing secret (`whsec_...`), sealed like a mailbox password; shown once at creation. */
    secretSealed: text("secret_sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_user_idx").on(table.userId)],
);

/** One event sent (or being sent) to one webhook: the delivery history Settings shows. */
export const webhookDelivery = pgTable(
  "webhook_delivery",
  {
    id: serial("id").primaryKey(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhook.id, { onDelete: "cascade" }),
    /** The `webhook-id` header: the same on every retry of one event. */
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    /**
     * The email an `email.received` event tells of: each is announced once to each webhook, which its
     * unique index checks without reading the payloads (as big as the email's body).
     */
    emailId: integer("email_id"),
    /** The event's JSON as it is signed and sent: text, so no attempt parses and writes out again a body as big as the email's. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  },
  (table) => [
    index("webhook_delivery_webhook_idx").on(table.webhookId, table.createdAt),
    uniqueIndex("webhook_delivery_email_idx").on(table.webhookId, table.eventType, table.emailId),
  ],
);
