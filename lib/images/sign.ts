import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/env";

let derived: { secret: string; key: Buffer } | undefined;

// A key of its own, so a signed image address can never stand in for a session or any other HMAC of AUTH_SECRET.
function proxyKey(): Buffer {
  const secret = authSecret();
  if (derived?.secret !== secret) derived = { secret, key: createHmac("sha256", secret).update("paperboy image proxy v1").digest() };
  return derived.key;
}

function signatureOf(url: string): Buffer {
  return createHmac("sha256", proxyKey()).update(url).digest();
}

/** The proxy's path for a remote image: `/img/<HMAC-SHA256 of the URL>/<base64url of the URL>`. */
export function proxiedImagePath(url: string): string {
  return `/img/${signatureOf(url).toString("base64url")}/${Buffer.from(url).toString("base64url")}`;
}

/** The URL a proxy path names, or null when its signature is not ours (or either part is malformed). */
export function verifiedImageUrl(signature: string, encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature) || !/^[A-Za-z0-9_-]{1,11000}$/.test(encoded)) return null;
  const url = Buffer.from(encoded, "base64url").toString();
  // One spelling per URL: bytes that are not UTF-8, or stray padding, do not name it.
  if (Buffer.from(url).toString("base64url") !== encoded) return null;
  const given = Buffer.from(signature, "base64url");
  if (given.toString("base64url") !== signature) return null;
  return timingSafeEqual(signatureOf(url), given) ? url : null;
}
