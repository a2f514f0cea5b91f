import "server-only";
import { LRUCache } from "lru-cache";
import { getDb, listen, type Database, type Listening } from "@/db/client";
import { bearerToken } from "@/lib/secrets/bearer";
import { tokenCaller } from "@/lib/tokens/service";
import type { TokenScope } from "@/lib/tokens/schemas";
import { getAuth } from "./auth";
import { UnauthorizedError } from "@/lib/api/errors";
import { ACCOUNT_DISABLED, refuseDisabledAccount } from "./disabled";
import { findSessionUser, type SessionUserRow } from "./repo";

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
// Better Auth accepted is remembered here for a while, and in between each request only needs its
// session and user rows. This cache holds nothing that could let an ended session through, only which
// cookies carry a valid signature.
const VERIFIED_MS = 15_000;
const verified = new LRUCache<string, string>({ max: 10_000, ttl: VERIFIED_MS });
const SESSION_TOKEN_COOKIE = /(?:^|;\s*)(?:__Secure-)?paperboy\.session_token=([^;]+)/;

// Reading the session and user rows was a third of a feed page's time in this process. So they are
// kept for at most a second, and only while this process hears the database's notice of every change
// to them (migration session-change-notify): a session ended or a user changed on any instance drops
// that user's rows here at once. While the listening connection is down nothing is kept, and a read
// that a change overtook is not kept either; the second bounds whatever a lost notice could leave.
const SESSION_ROWS_MS = 1_000;
const SESSION_CHANNEL = "paperboy_session";

type SessionRows = { db: Database; listening: Listening; entries: LRUCache<string, SessionUserRow>; changes: number };

// On globalThis, as the connection is: every route of this process must see the same rows and the same drops.
const holder = globalThis as typeof globalThis & { paperboySessionRows?: SessionRows };

function sessionRows(): SessionRows {
  const db = getDb();
  if (holder.paperboySessionRows?.db === db) return holder.paperboySessionRows;
  const rows: SessionRows = {
    db,
    entries: new LRUCache<string, SessionUserRow>({ max: 10_000, ttl: SESSION_ROWS_MS }),
    changes: 0,
    listening: { live: false },
  };
  rows.listening = listen(SESSION_CHANNEL, {
    notify: (payload) => forget(rows, payload === "*" ? undefined : Number(payload)),
    lost: () => forget(rows),
  });
  holder.paperboySessionRows = rows;
  return rows;
}

function forget(rows: SessionRows, userId?: number): void {
  rows.changes++;
  if (userId === undefined) rows.entries.clear();
  else for (const [token] of [...rows.entries.entries()].filter(([, row]) => row.id === userId)) rows.entries.delete(token);
}

/**
 * Drops what this process keeps of the user's sessions (of everyone's, without a user): after a write
 * of its own to them, so that its very next request reads them again, whenever the notice arrives.
 */
export function forgetSessions(userId?: number): void {
  const rows = holder.paperboySessionRows;
  if (rows) forget(rows, userId);
}

async function findSession(token: string): Promise<SessionUserRow | undefined> {
  const rows = sessionRows();
  const kept = rows.entries.get(token);
  if (kept && rows.listening.live && kept.expiresAt.getTime() > Date.now()) return kept;
  const changes = rows.changes;
  const row = await findSessionUser(token);
  if (row && rows.listening.live && rows.changes === changes) rows.entries.set(token, row);
  return row;
}

function sessionCookie(headers: Headers): string | undefined {
  return SESSION_TOKEN_COOKIE.exec(headers.get("cookie") ?? "")?.[1];
}

/** The signed-in user of a request, or null; a cookie whose session was ended, or whose account is disabled, finds nothing. */
export async function currentUser(headers: Headers): Promise<SessionUser | null> {
  const found = await sessionUser(headers);
  return found === "disabled" ? null : found;
}

function toSessionUser(row: SessionUserRow): SessionUser {
  return { id: row.id, name: row.name, email: row.email, username: row.username, uniqueLocal: row.uniqueLocal, onboarded: row.onboarded };
}

/**
 * The session's user, or "disabled" when an operator disabled the account (`npm run admin -- users
 * disable`): its rows are read afresh after the user row changes (the notice above), so every session
 * of the account is refused on every instance at once.
 */
async function sessionUser(headers: Headers): Promise<SessionUser | "disabled" | null> {
  const cookie = sessionCookie(headers);
  if (!cookie) return null;
  const token = verified.get(cookie);
  if (token !== undefined) {
    const row = await findSession(token);
    if (row) return row.disabledAt ? "disabled" : toSessionUser(row);
    verified.delete(cookie);
    return null;
  }
  const session = await getAuth().api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return null;
  const ttl = Math.min(VERIFIED_MS, new Date(session.session.expiresAt).getTime() - Date.now());
  if (ttl > 0) verified.set(cookie, session.session.token, { ttl });
  const row = await findSession(session.session.token);
  if (!row) return null;
  return row.disabledAt ? "disabled" : toSessionUser(row);
}

/** Who makes a request: a signed-in user (`token` null), or the owner of an access token and what it may do (docs/contract.md 7.6). */
export type Caller = { user: SessionUser; token: TokenScope | null };

/**
 * The caller of an API request, or null. A request that names a token (`Authorization: Bearer`) is
 * judged by that token alone: a revoked or unknown one is refused even beside a valid session cookie.
 */
export async function currentCaller(headers: Headers): Promise<Caller | null> {
  const token = bearerToken(headers);
  if (token === null) {
    const user = await sessionUser(headers);
    if (user === "disabled") throw new UnauthorizedError(ACCOUNT_DISABLED);
    return user && { user, token: null };
  }
  return tokenCallerOf(token);
}

/**
 * The caller an access token names, however it came (a Bearer header, the Google Reader API's
 * `GoogleLogin auth=` or ClientLogin's Passwd), or null for an unknown or revoked one: every door a token
 * opens asks here, so a disabled account's token is refused (401 "Account disabled") at each of them.
 */
export async function tokenCallerOf(token: string): Promise<Caller | null> {
  const found = await tokenCaller(token);
  if (!found) return null;
  refuseDisabledAccount(found.disabledAt);
  return { user: found.user, token: found.scope };
}
