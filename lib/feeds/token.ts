import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { purposeMac } from "@/lib/secrets/purpose-hmac";

const NONCE_BYTES = 16;
const MAC_BYTES = 16;

function mac(userId: number, nonce: string): Buffer {
  return purposeMac("paperboy feed tokens v1", `${userId}:${nonce}`, MAC_BYTES);
}

export function newNonce(): string {
  return randomBytes(NONCE_BYTES).toString("base64url");
}

/** The token of a stored nonce: the nonce and its MAC, so the database alone cannot make one. */
export function feedToken(userId: number, nonce: string): string {
  return Buffer.concat([Buffer.from(nonce, "base64url"), mac(userId, nonce)]).toString("base64url");
}

/** The nonce a token carries, or null when it cannot be one of ours. */
export function nonceOf(token: string): string | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return Buffer.from(token, "base64url").subarray(0, NONCE_BYTES).toString("base64url");
}

export function tokenMatches(token: string, userId: number, nonce: string): boolean {
  return timingSafeEqual(Buffer.from(token), Buffer.from(feedToken(userId, nonce)));
}
