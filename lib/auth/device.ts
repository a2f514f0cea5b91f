import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret, env } from "@/lib/env";

// A device cookie (OWASP's answer to lockouts turned against the owner): a browser that signed in to an
// account with its password before carries a signed mark of it, and its guesses at that account are
// counted for it alone, not with everyone else's behind the same address. Without one, a caller is its
// address. The mark names no account (a nonce and its MAC) and opens nothing by itself.
const SECURE = new URL(env.APP_URL).protocol === "https:";
const COOKIE = `${SECURE ? "__Secure-" : ""}paperboy.device`;
const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${COOKIE.replace(/\./g, "\\.")}=([^;]+)`);
const MAX_AGE_SECONDS = 365 * 86_400;
// Accounts one browser is remembered for (a family's shared computer): the most recent first.
const MAX_MARKS = 5;
const NONCE_BYTES = 12;
const MAC_BYTES = 16;

function mac(email: string, nonce: string): string {
  const key = createHmac("sha256", authSecret()).update("paperboy device cookies v1").digest();
  return createHmac("sha256", key).update(`${email.toLowerCase()}:${nonce}`).digest().subarray(0, MAC_BYTES).toString("base64url");
}

function marks(headers: Headers): string[] {
  const value = COOKIE_PATTERN.exec(headers.get("cookie") ?? "")?.[1] ?? "";
  return value.split("~").filter((mark) => /^[\w-]{16}\.[\w-]{22}$/.test(mark));
}

/** The device this browser is for `email`: the nonce of its valid mark, or null (a caller known by its address only). */
export function deviceFor(headers: Headers, email: string): string | null {
  for (const mark of marks(headers)) {
    const [nonce, seal] = mark.split(".") as [string, string];
    const expected = Buffer.from(mac(email, nonce));
    if (Buffer.from(seal).length === expected.length && timingSafeEqual(Buffer.from(seal), expected)) return nonce;
  }
  return null;
}

/** After the password proved the owner: the Set-Cookie that marks this browser for `email` (keeping its other accounts' marks). */
export function deviceCookie(headers: Headers, email: string): string {
  const nonce = deviceFor(headers, email) ?? randomBytes(NONCE_BYTES).toString("base64url");
  const mark = `${nonce}.${mac(email, nonce)}`;
  const kept = [mark, ...marks(headers).filter((other) => other !== mark)].slice(0, MAX_MARKS);
  return `${COOKIE}=${kept.join("~")}; Path=/api; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${SECURE ? "; Secure" : ""}`;
}
