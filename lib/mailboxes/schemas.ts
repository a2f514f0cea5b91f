import { z } from "zod";
import { MAILBOX_AFTER_FILING, MAILBOX_TLS } from "@/db/schema/mailbox-options";

export const MailboxParams = z.object({ mailboxId: z.coerce.number().int().positive().max(2_147_483_647) });
export type MailboxParams = z.infer<typeof MailboxParams>;

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$|^\[?[0-9a-f:.]+\]?$/i;
const folder = z.string().trim().min(1, "A folder needs a name").max(255, "A folder's name is at most 255 characters");
const password = z.string().min(1, "Enter the password (an app password for most providers)").max(1024, "The password is too long");

export const CreateMailboxInput = z
  .object({
    host: z.string().trim().min(1, "Enter the server's name").max(253, "The server's name is too long").regex(HOST, "Not a server name"),
    port: z.number("Not a port number").int("Not a port number").min(1, "Not a port number").max(65_535, "Not a port number"),
    tls: z.enum(MAILBOX_TLS, { error: "tls must be implicit, starttls or none" }),
    username: z.string().trim().min(1, "Enter the username").max(320, "The username is too long"),
    password,
    folders: z.array(folder).min(1, "Watch at least one folder").max(20, "Watch at most 20 folders").default(["INBOX"]),
    since: z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "since must be an ISO date" }).optional(),
    after_filing: z.enum(MAILBOX_AFTER_FILING, { error: "after_filing must be leave, mark_read or move" }).default("leave"),
    move_to: folder.nullish(),
  })
  .refine((input) => input.after_filing !== "move" || Boolean(input.move_to), {
    path: ["move_to"],
    error: "Name the folder newsletters are moved to",
  });
export type CreateMailboxInput = z.infer<typeof CreateMailboxInput>;

export const UpdateMailboxInput = z.object({
  folders: z.array(folder).min(1, "Watch at least one folder").max(20, "Watch at most 20 folders").optional(),
  after_filing: z.enum(MAILBOX_AFTER_FILING, { error: "after_filing must be leave, mark_read or move" }).optional(),
  move_to: folder.nullish(),
  password: password.optional(),
  paused: z.boolean().optional(),
});
export type UpdateMailboxInput = z.infer<typeof UpdateMailboxInput>;
