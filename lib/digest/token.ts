import "server-only";
import { timingSafeEqual } from "node:crypto";
import { purposeMac } from "@/lib/secrets/purpose-hmac";

const MAC_BYTES = 16;
// 4 bytes of user id and the MAC, in base64url.
const TOKEN = /^[A-Za-z0-9_-]{27}$/;

// A key of its own, so an unsubscribe link can never stand in for a session or any other HMAC of AUTH_SECRET.
function mac(userId: number): Buffer {
  return purposeMac("paperboy digest unsubscribe v1", String(userId), MAC_BYTES);
}

/** The token of a reader's one-click link: their id and its MAC, so nobody without AUTH_SECRET can make one. */
export function unsubscribeToken(userId: number): string {
  const id = Buffer.alloc(4);
  id.writeUInt32BE(userId);
  return Buffer.concat([id, mac(userId)]).toString("base64url");
}

/** The reader a token names, or null when it is not one of ours. */
export function tokenUserId(token: string): number | null {
  if (!TOKEN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.toString("base64url") !== token) return null;
  const userId = bytes.readUInt32BE(0);
  return timingSafeEqual(bytes.subarray(4), mac(userId)) ? userId : null;
}
