import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

/** The token of an `Authorization: Bearer` header ("" for an empty one), or null when the request names none. */
export function bearerToken(headers: Headers): string | null {
  const match = /^Bearer(?:\s+(.*))?$/i.exec(headers.get("authorization")?.trim() ?? "");
  return match ? (match[1]?.trim() ?? "") : null;
}

/** Compares secrets in constant time (hashing first makes the lengths equal). */
export function secretsMatch(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether the request's `Authorization: Bearer` carries the operator's secret (an inbound relay's, a metrics scraper's). */
export function hasBearerSecret(headers: Headers, expected: string): boolean {
  const given = bearerToken(headers);
  return Boolean(given) && secretsMatch(given!, expected);
}
