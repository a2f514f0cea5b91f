import "server-only";
import { LRUCache } from "lru-cache";
import { getAuth } from "./auth";
import { findSessionUser } from "./repo";

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  username: string;
  uniqueLocal: string;
  onboarded: boolean;
};

// Verifying a session through Better Auth (cookie signature, session and user rows, expiry refresh)
// costs more than a whole feed page, and readers send the same cookie with every request. So a cookie
// Better Auth accepted is remembered here for a while, and in between each request only reads its
// session and user rows in one indexed query: a session ended on any app instance (its row deleted at
// logout, password change or account deletion) is refused by the very next request everywhere. This
// cache holds nothing that could let an ended session through, only which cookies carry a valid signature.
const VERIFIED_MS = 15_000;
const verified = new LRUCache<string, string>({ max: 10_000, ttl: VERIFIED_MS });
const SESSION_TOKEN_COOKIE = /(?:^|;\s*)(?:__Secure-)?paperboy\.session_token=([^;]+)/;

function sessionCookie(headers: Headers): string | undefined {
  return SESSION_TOKEN_COOKIE.exec(headers.get("cookie") ?? "")?.[1];
}

/** The signed-in user of a request, or null; a cookie whose session was ended finds nothing. */
export async function currentUser(headers: Headers): Promise<SessionUser | null> {
  const cookie = sessionCookie(headers);
  if (!cookie) return null;
  const token = verified.get(cookie);
  if (token !== undefined) {
    const row = await findSessionUser(token);
    if (row) return row;
    verified.delete(cookie);
    return null;
  }
  const session = await getAuth().api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return null;
  const { user } = session;
  const ttl = Math.min(VERIFIED_MS, new Date(session.session.expiresAt).getTime() - Date.now());
  if (ttl > 0) verified.set(cookie, session.session.token, { ttl });
  return {
    id: Number(user.id),
    name: user.name,
    email: user.email,
    username: String(user.username ?? ""),
    uniqueLocal: String(user.uniqueLocal ?? ""),
    onboarded: Boolean(user.onboarded),
  };
}
