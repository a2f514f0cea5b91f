import "server-only";
import type { ImapFlow } from "imapflow";
import { findReader } from "@/lib/imports/file-message";
import type { Recipient } from "@/lib/mail/service";
import { logger } from "@/lib/observability/log";
import { closeImap, MailboxConnectError, openImap } from "./connect";
import { finishPass, releaseMailbox, updateHeld, type MailboxRow } from "./repo";
import { openSecret } from "@/lib/crypto/seal";
import { syncFolder } from "./sync";

export type SessionOptions = {
  holder: string;
  /** Backoff after a failure: this many seconds, doubled with each failure in a row, at most an hour. */
  retryBaseSeconds: number;
  /** The longest between two passes, IDLE or not (a server without IDLE is only heard of this way). */
  pollSeconds: number;
};

const MAX_BACKOFF_SECONDS = 3600;

/** The settings a session was opened with: a change to any of them opens a new one. */
export function sessionKey(row: MailboxRow): string {
  return JSON.stringify([
    row.host,
    row.port,
    row.tls,
    row.username,
    row.passwordSealed,
    row.folders,
    row.since,
    row.afterFiling,
    row.moveTo,
  ]);
}

/**
 * The one connection of a mailbox, held by the instance that holds its lease: a first pass over every
 * watched folder, then IDLE on the first one (other folders, and servers without IDLE, are looked at
 * every `pollSeconds`), a pass again on new mail or "sync now". A failure lets the mailbox go with
 * `status: error` until its backoff is over; whichever instance claims it then tries again.
 */
export class MailboxSession {
  readonly key: string;
  private stopped = false;
  private passWanted = true;
  private manual = false;
  private wake: () => void = () => undefined;
  private client: ImapFlow | null = null;
  /** The newest "sync now" this session has answered (one made before it started is its first pass). */
  private lastRequest: number;
  readonly done: Promise<void>;

  constructor(
    private readonly row: MailboxRow,
    private readonly options: SessionOptions,
  ) {
    this.key = sessionKey(row);
    this.lastRequest = row.syncRequestedAt?.getTime() ?? 0;
    this.done = this.run();
  }

  /** "Sync now" noticed on the row: a pass runs as soon as the one in hand (if any) ends. */
  noticeRequest(requestedAt: Date | null): void {
    const at = requestedAt?.getTime() ?? 0;
    if (at <= this.lastRequest) return;
    this.lastRequest = at;
    this.manual = true;
    this.requestPass();
  }

  requestPass(): void {
    this.passWanted = true;
    this.wake();
  }

  /** Ends the connection and lets the lease go (a no-op when the row is gone or another instance holds it). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    this.client?.close();
    await this.done;
  }

  private async run(): Promise<void> {
    const failure = await this.watch().then(
      () => null,
      (error: unknown) => error,
    );
    if (this.client) await closeImap(this.client).catch(() => undefined);
    if (failure === null || this.stopped) {
      await releaseMailbox(this.options.holder, this.row.id).catch(() => undefined);
      return;
    }
    await this.fail(failure).catch((error: unknown) =>
      logger.error({ err: error, mailboxId: this.row.id }, "Mailbox: recording a failure failed"),
    );
  }

  private async watch(): Promise<void> {
    const password = openSecret(this.row.userId, this.row.passwordSealed);
    if (password === null) throw new MailboxConnectError("authentication", "The password kept can no longer be read: enter it again.");
    const found = await findReader(this.row.userId);
    if (!found) return;
    const client = await openImap(this.row, password);
    this.client = client;
    const watched = this.row.folders[0];
    client.on("exists", (event: { path: string; count: number; prevCount: number }) => {
      if (event.path === watched && event.count > event.prevCount) this.requestPass();
    });
    client.on("close", () => this.wake());
    while (!this.stopped) {
      if (!client.usable) throw new MailboxConnectError("closed", "Connection lost: the server closed the connection.");
      if (this.passWanted) {
        this.passWanted = false;
        await this.pass(client, found.reader, watched);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.passWanted = true;
          resolve();
        }, this.options.pollSeconds * 1000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = () => undefined;
    }
  }

  private async pass(client: ImapFlow, reader: Recipient, watched: string): Promise<void> {
    const firstSync = this.row.lastSyncedAt === null;
    if (this.manual || firstSync) await updateHeld(this.options.holder, this.row.id, { status: "syncing" });
    this.manual = false;
    const target = {
      mailboxId: this.row.id,
      since: this.row.since,
      afterFiling: this.row.afterFiling,
      moveTo: this.row.moveTo,
      reader,
      knownSenders: (await findReader(this.row.userId))?.knownSenders ?? new Set<string>(),
      stopping: () => this.stopped,
    };
    for (const folder of this.row.folders) {
      if (this.stopped) return;
      await syncFolder(client, target, folder);
    }
    if (this.stopped) return;
    const now = new Date();
    this.row.lastSyncedAt = now;
    await finishPass(this.options.holder, this.row.id, now);
    // Back on the first folder, where IDLE hears of new mail.
    if (this.row.folders.length > 1 || client.mailbox === false || client.mailbox.path !== watched) {
      await client.mailboxOpen(watched, { readOnly: this.row.afterFiling === "leave" });
    }
  }

  private async fail(error: unknown): Promise<void> {
    const lost = this.client !== null && !this.client.usable;
    const failure =
      error instanceof MailboxConnectError
        ? error
        : lost
          ? new MailboxConnectError("closed", "Connection lost: the server closed the connection.")
          : null;
    const reason = failure?.message ?? "Sync failed: an error on our side; it is tried again.";
    if (failure) logger.warn({ mailboxId: this.row.id, failure: failure.failure }, "Mailbox connection failed");
    else logger.error({ err: error, mailboxId: this.row.id }, "Mailbox sync failed");
    const streak = this.row.errorStreak + 1;
    const seconds = Math.min(MAX_BACKOFF_SECONDS, this.options.retryBaseSeconds * 2 ** Math.min(streak - 1, 12));
    await releaseMailbox(this.options.holder, this.row.id, {
      status: "error",
      lastError: reason,
      errorStreak: streak,
      retryAt: new Date(Date.now() + seconds * 1000),
    });
  }
}
