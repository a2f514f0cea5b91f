import "server-only";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { env } from "@/lib/env";
import { logger } from "@/lib/observability/log";
import { reachableHere } from "./connect";
import { claimMailboxes, releaseMailbox, renewLeases, type MailboxRow } from "./repo";
import { MailboxSession, sessionKey } from "./session";

export type WatcherOptions = {
  /** How often leases are renewed, new mailboxes claimed and "sync now" noticed. */
  tickMs?: number;
  /** A lease lasts this long past its last renewal: a dead holder's mailboxes are free after it. */
  leaseSeconds?: number;
  retryBaseSeconds?: number;
  pollSeconds?: number;
  /** The most mailboxes (connections) one instance holds. */
  maxMailboxes?: number;
};

export type MailboxWatcher = { holder: string; stop(): Promise<void> };

/**
 * Holds the connections of the mailboxes this instance has claimed: each tick renews their leases
 * (SKIP LOCKED claims: one holder per mailbox across instances), lets go of the deleted, paused or lost
 * ones, opens a new session when settings changed, passes on "sync now", and claims free mailboxes.
 * With the default 5 s ticks and 30 s leases, a dead holder's mailbox is taken over within 40 s.
 */
export function startMailboxWatcher(options: WatcherOptions = {}): MailboxWatcher {
  const tickMs = options.tickMs ?? 5000;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const maxMailboxes = options.maxMailboxes ?? 200;
  const holder = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const sessionOptions = {
    holder,
    retryBaseSeconds: options.retryBaseSeconds ?? 30,
    pollSeconds: options.pollSeconds ?? env.MAILBOX_POLL_SECONDS,
  };
  const sessions = new Map<number, MailboxSession>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> = Promise.resolve();

  function start(row: MailboxRow): void {
    const session = new MailboxSession(row, sessionOptions);
    sessions.set(row.id, session);
    // A session that ends on its own (a failure) has let its lease go already.
    void session.done.then(() => {
      if (sessions.get(row.id) === session) sessions.delete(row.id);
    });
  }

  async function tick(): Promise<void> {
    const held = new Map((await renewLeases(holder, [...sessions.keys()], leaseSeconds)).map((row) => [row.id, row]));
    for (const [id, session] of sessions) {
      const row = held.get(id);
      if (!row || sessionKey(row) !== session.key) {
        // Let go; one whose settings changed is claimed again below, with a session on the new settings.
        sessions.delete(id);
        await session.stop();
      } else session.noticeRequest(row.syncRequestedAt);
    }
    if (stopped) return;
    for (const row of await claimMailboxes(holder, leaseSeconds, maxMailboxes - sessions.size)) {
      // One this instance's configuration cannot reach is left, unchanged, to an instance that can.
      if (await reachableHere(row)) start(row);
      else await releaseMailbox(holder, row.id);
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick()
        .catch((error: unknown) => logger.error({ err: error }, "Mailboxes: a look at the leases failed"))
        .finally(schedule);
    }, tickMs);
    timer.unref();
  }

  ticking = tick()
    .catch((error: unknown) => logger.error({ err: error }, "Mailboxes: a look at the leases failed"))
    .finally(schedule);

  return {
    holder,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await Promise.all([...sessions.values()].map((session) => session.stop()));
      sessions.clear();
    },
  };
}
