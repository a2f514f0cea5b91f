import { boolean, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** A reader's "Personal mail: forward to my sign-in address" (docs/contract.md 8.4); no row means on. */
export const passthroughSetting = pgTable("passthrough_setting", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  forwardPersonal: boolean("forward_personal").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** A reader's own word on one sender (a lower-cased address): its mail is a newsletter, or always forwarded. */
export const senderChoice = pgTable(
  "sender_choice",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sender: text("sender").notNull(),
    choice: text("choice", { enum: ["newsletter", "forward"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sender] })],
);
