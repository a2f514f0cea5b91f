import "server-only";
import { timingSafeEqual } from "node:crypto";
import { purposeMac } from "@/lib/secrets/purpose-hmac";

/** What a signed proxy address fetches: each kind is signed under its own key, so one never stands in for the other. */
export type ProxiedKind = "image" | "font";

const PURPOSE: Record<ProxiedKind, string> = { image: "paperboy image proxy v1", font: "paperboy font proxy v1" };
const PREFIX: Record<ProxiedKind, string> = { image: "/img", font: "/img/font" };

// Keys of their own, so a signed address can never stand in for a session or any other HMAC of AUTH_SECRET.
function signatureOf(url: string, kind: ProxiedKind): Buffer {
  return purposeMac(PURPOSE[kind], url);
}

/** The proxy's path for a remote file: `/img/<HMAC-SHA256 of the URL>/<base64url of the URL>` (fonts under `/img/font/`). */
export function proxiedPath(url: string, kind: ProxiedKind): string {
  return `${PREFIX[kind]}/${signatureOf(url, kind).toString("base64url")}/${Buffer.from(url).toString("base64url")}`;
}

export const proxiedImagePath = (url: string) => proxiedPath(url, "image");

/** The URL a proxy path names, or null when its signature is not ours for that kind (or either part is malformed). */
export function verifiedUrl(signature: string, encoded: string, kind: ProxiedKind): string | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature) || !/^[A-Za-z0-9_-]{1,11000}$/.test(encoded)) return null;
  const url = Buffer.from(encoded, "base64url").toString();
  // One spelling per URL: bytes that are not UTF-8, or stray padding, do not name it.
  if (Buffer.from(url).toString("base64url") !== encoded) return null;
  const given = Buffer.from(signature, "base64url");
  if (given.toString("base64url") !== signature) return null;
  return timingSafeEqual(signatureOf(url, kind), given) ? url : null;
}

export const verifiedImageUrl = (signature: string, encoded: string) => verifiedUrl(signature, encoded, "image");
