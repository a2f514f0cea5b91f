import "server-only";
import { LRUCache } from "lru-cache";
import { getAuth } from "./auth";

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  username: string;
  uniqueLocal: string;
  onboarded: boolean;
};

// Verifying a session through Better Auth (cookie signature, session and user rows) costs more than a
// whole feed page, and readers send the same cookie with every request. Sessions found are kept here
// briefly; this process forgets them at logout and at every change to a user, and the short lifetime
// bounds how long another app instance could still accept a session ended elsewhere.
const SESSION_CACHE_MS = 15_000;
const sessions = new LRUCache<string, SessionUser>({ max: 10_000, ttl: SESSION_CACHE_MS });
const SESSION_TOKEN_COOKIE = /(?:^|;\s*)(?:__Secure-)?paperboy\.session_token=([^;]+)/;

function sessionToken(headers: Headers): string | undefined {
  return SESSION_TOKEN_COOKIE.exec(headers.get("cookie") ?? "")?.[1];
}

/** The signed-in user of a request, or null; a cookie whose session was ended finds nothing. */
export async function currentUser(headers: Headers): Promise<SessionUser | null> {
  const token = sessionToken(headers);
  if (!token) return null;
  const cached = sessions.get(token);
  if (cached) return cached;
  const session = await getAuth().api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return null;
  const { user } = session;
  const sessionUser: SessionUser = {
    id: Number(user.id),
    name: user.name,
    email: user.email,
    username: String(user.username ?? ""),
    uniqueLocal: String(user.uniqueLocal ?? ""),
    onboarded: Boolean(user.onboarded),
  };
  const ttl = Math.min(SESSION_CACHE_MS, new Date(session.session.expiresAt).getTime() - Date.now());
  if (ttl > 0) sessions.set(token, sessionUser, { ttl });
  return sessionUser;
}

/** Forgets the session of these request headers, before it is ended. */
export function forgetSession(headers: Headers): void {
  const token = sessionToken(headers);
  if (token) sessions.delete(token);
}

/** Forgets every session of a user whose details changed, so the next request reads them afresh. */
export function forgetUserSessions(userId: number): void {
  for (const [token, user] of sessions.entries()) if (user.id === userId) sessions.delete(token);
}

/** Forgets every session: Better Auth's own handler can end or change sessions this module never sees. */
export function forgetAllSessions(): void {
  sessions.clear();
}
