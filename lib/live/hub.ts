import "server-only";
import { getDb, listen, type Database, type Listening } from "@/db/client";
import type { FiledEmail } from "./dto";
import { findFiledEmails } from "./repo";

// Sent by the trigger of migration email-notify at each email's commit: "<user id>:<email id>".
const EMAIL_CHANNEL = "paperboy_email";
// Sent by the triggers of migrations session-change-notify and access-token-notify when a user's sessions,
// user row or access tokens change: the user's id, "*" for all.
const SESSION_CHANNEL = "paperboy_session";

/**
 * One open event stream: hears its reader's new emails, is told to end (the listener was lost, or the
 * server drains), and to check its credential again when the reader's sessions, account or tokens changed.
 */
export type LiveReader = { userId: number; deliver(email: FiledEmail): void; end(): void; recheck(): void };

// Email ids heard but not yet read, per user: an import files thousands at once, and they are read together.
type Hub = {
  db: Database;
  listening: Listening;
  readers: Map<number, Set<LiveReader>>;
  heard: Map<number, number[]>;
  reading?: NodeJS.Timeout;
};

// How long notices gather before their emails are read in one query per reader.
const GATHER_MS = 20;
const READ_BATCH = 500;

// On globalThis, as the connection is: the route and the shutdown (instrumentation) are bundled apart but
// must see the same streams. One LISTEN per process serves all of them, whatever their number.
const holder = globalThis as typeof globalThis & { paperboyLiveHub?: Hub; paperboyLiveDraining?: boolean };

function hub(): Hub {
  const db = getDb();
  if (holder.paperboyLiveHub?.db === db) return holder.paperboyLiveHub;
  const created: Hub = { db, readers: new Map(), heard: new Map(), listening: { live: false } };
  created.listening = listen(EMAIL_CHANNEL, {
    notify: (payload) => announce(created, payload),
    // Whatever was filed meanwhile went unheard: each stream ends and its client, reconnecting with
    // Last-Event-ID, is sent what it missed.
    lost: () => endAll(created),
  });
  // A stream was allowed by a session or a token that may have ended since (a logout, a password change,
  // a revoked token, a disabled account, on any instance): each of the user's streams asks again whether
  // its own credential holds, and ends when it does not. A lost listener ends every stream (above).
  listen(SESSION_CHANNEL, {
    notify: (payload) => recheckAll(created, payload === "*" ? undefined : Number(payload)),
    lost: () => undefined,
  });
  holder.paperboyLiveHub = created;
  return created;
}

function announce(hub: Hub, payload: string): void {
  const [userId, emailId] = payload.split(":").map(Number);
  if (!hub.readers.get(userId)?.size || !Number.isInteger(emailId)) return;
  hub.heard.set(userId, [...(hub.heard.get(userId) ?? []), emailId]);
  hub.reading ??= setTimeout(() => void readHeard(hub), GATHER_MS);
}

async function readHeard(hub: Hub): Promise<void> {
  const heard = [...hub.heard];
  hub.heard.clear();
  hub.reading = undefined;
  for (const [userId, ids] of heard) {
    for (let start = 0; start < ids.length; start += READ_BATCH) {
      try {
        for (const filed of await findFiledEmails(userId, ids.slice(start, start + READ_BATCH)))
          for (const reader of hub.readers.get(userId) ?? []) reader.deliver(filed);
      } catch {
        // The database is away: the streams end when the listener is lost, and catch up on reconnecting.
      }
    }
  }
}

function endAll(hub: Hub): void {
  for (const readers of [...hub.readers.values()]) for (const reader of [...readers]) reader.end();
}

function recheckAll(hub: Hub, userId?: number): void {
  const checked = userId === undefined ? [...hub.readers.values()] : [hub.readers.get(userId) ?? new Set<LiveReader>()];
  for (const readers of checked) for (const reader of [...readers]) reader.recheck();
}

// How long a new stream waits for this process's LISTEN to be live before reading what it missed.
const LIVE_WAIT_MS = 5_000;

/**
 * Adds a stream to this process's fan-out; resolves once notifications reach it (so that a read of the
 * missed emails made after it leaves no gap), or after a few seconds regardless. Returns its removal.
 */
export async function addLiveReader(reader: LiveReader): Promise<() => void> {
  const current = hub();
  const readers = current.readers.get(reader.userId) ?? new Set();
  readers.add(reader);
  current.readers.set(reader.userId, readers);
  const deadline = Date.now() + LIVE_WAIT_MS;
  while (!current.listening.live && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return () => {
    readers.delete(reader);
    if (readers.size === 0 && current.readers.get(reader.userId) === readers) current.readers.delete(reader.userId);
  };
}

/** How many streams this process holds open. */
export function liveReaderCount(): number {
  let count = 0;
  for (const readers of holder.paperboyLiveHub?.readers.values() ?? []) count += readers.size;
  return count;
}

/** True once the server drains: no stream is opened any more. */
export function isDraining(): boolean {
  return holder.paperboyLiveDraining === true;
}

/** SIGTERM: ends every open stream at once, so that none holds the drain open (docs/contract.md 6.5). */
export function endLiveStreams(): void {
  holder.paperboyLiveDraining = true;
  if (holder.paperboyLiveHub) endAll(holder.paperboyLiveHub);
}
