import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { UnauthorizedError } from "@/lib/api/errors";

// A token outlives its timestamp's window: at most 5 minutes old, or 5 minutes ahead of this clock.
const TOKEN_MEMORY_MS = 10 * 60 * 1000;
const seenTokens = new LRUCache<string, string>({ max: 50_000, ttl: TOKEN_MEMORY_MS });

/**
 * Mailgun signs its timestamp and token, not the message: whoever saw one signed post could send any
 * other message under that signature while it is fresh. A token serves the post it came with, and
 * Mailgun's retries of that same post, never another message or recipient.
 */
export async function requireUnusedMailgunToken(token: string, form: FormData): Promise<void> {
  const mime = form.get("body-mime");
  const digest = createHash("sha256")
    .update(typeof mime === "string" ? mime : mime ? new Uint8Array(await mime.arrayBuffer()) : "")
    .update("\u0000")
    .update(String(form.get("recipient") ?? ""))
    .digest("hex");
  const earlier = seenTokens.get(token);
  if (earlier !== undefined && earlier !== digest) throw new UnauthorizedError("Invalid signature");
  seenTokens.set(token, digest, { noUpdateTTL: earlier !== undefined });
}
