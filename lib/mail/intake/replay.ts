import "server-only";
import { createHash } from "node:crypto";
import { UnauthorizedError } from "@/lib/api/errors";
import { deleteExpiredMailgunTokens, insertMailgunToken } from "./replay-repo";

// A token outlives its timestamp's window: at most 5 minutes old, or 5 minutes ahead of this clock.
const TOKEN_MEMORY_MS = 10 * 60 * 1000;

/**
 * Mailgun signs its timestamp and token, not the message: whoever saw one signed post could send any
 * other message under that signature while it is fresh. A token serves the post it came with, and
 * Mailgun's retries of that same post, never another message or recipient, on any app instance: the
 * tokens used are kept in PostgreSQL.
 */
export async function requireUnusedMailgunToken(token: string, form: FormData): Promise<void> {
  const mime = form.get("body-mime");
  const digest = createHash("sha256")
    .update(typeof mime === "string" ? mime : mime ? new Uint8Array(await mime.arrayBuffer()) : "")
    .update("\u0000")
    .update(String(form.get("recipient") ?? ""))
    .digest("hex");
  const served = await insertMailgunToken(token, digest, new Date(Date.now() + TOKEN_MEMORY_MS));
  if (served !== digest) throw new UnauthorizedError("Invalid signature");
  await deleteExpiredMailgunTokens();
}
