import "server-only";
import { createHmac } from "node:crypto";
import { authSecret } from "@/lib/env";

let derived: { secret: string; keys: Map<string, Buffer> } | undefined;

/**
 * The key of one purpose ("paperboy feed tokens v1"), derived from AUTH_SECRET: a MAC made for one
 * purpose (a feed token, a digest's unsubscribe link, a proxied image's address) can never stand in
 * for another's, or for a session or any other HMAC of AUTH_SECRET.
 */
function purposeKey(purpose: string): Buffer {
  const secret = authSecret();
  if (derived?.secret !== secret) derived = { secret, keys: new Map() };
  let key = derived.keys.get(purpose);
  if (!key) {
    key = createHmac("sha256", secret).update(purpose).digest();
    derived.keys.set(purpose, key);
  }
  return key;
}

/** HMAC-SHA256 of `data` under the purpose's key, cut to its first `bytes` when given. */
export function purposeMac(purpose: string, data: string, bytes?: number): Buffer {
  const mac = createHmac("sha256", purposeKey(purpose)).update(data).digest();
  return bytes === undefined ? mac : mac.subarray(0, bytes);
}
