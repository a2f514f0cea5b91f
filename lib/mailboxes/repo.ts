import "server-only";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { mailbox, mailboxFolder } from "@/db/schema";

export type MailboxRow = typeof mailbox.$inferSelect;
export type MailboxInsert = Omit<typeof mailbox.$inferInsert, "id" | "userId">;
export type MailboxChange = Partial<
  Pick<MailboxRow, "folders" | "afterFiling" | "moveTo" | "passwordSealed" | "paused" | "status" | "lastError" | "errorStreak" | "retryAt">
>;
export type FolderState = { uidValidity: number | null; lastUid: number };
export type Tally = { processed: number; filed: number; skipped: number; failed: number };

const lease = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export function findMailboxes(userId: number): Promise<MailboxRow[]> {
  return getDb().select().from(mailbox).where(eq(mailbox.userId, userId)).orderBy(asc(mailbox.id));
}

export async function findMailbox(userId: number, mailboxId: number): Promise<MailboxRow | undefined> {
  const [row] = await getDb()
    .select()
    .from(mailbox)
    .where(and(eq(mailbox.userId, userId), eq(mailbox.id, mailboxId)));
  return row;
}

export async function insertMailbox(userId: number, values: MailboxInsert): Promise<MailboxRow> {
  const [row] = await getDb()
    .insert(mailbox)
    .values({ ...values, userId })
    .returning();
  return row;
}

export async function updateMailbox(userId: number, mailboxId: number, change: MailboxChange): Promise<MailboxRow | undefined> {
  const [row] = await getDb()
    .update(mailbox)
    .set(change)
    .where(and(eq(mailbox.userId, userId), eq(mailbox.id, mailboxId)))
    .returning();
  return row;
}

/** Deletes the mailbox and, with it, its sealed password and folders' progress; the mail it filed stays. */
export async function deleteMailbox(userId: number, mailboxId: number): Promise<boolean> {
  const rows = await getDb()
    .delete(mailbox)
    .where(and(eq(mailbox.userId, userId), eq(mailbox.id, mailboxId)))
    .returning({ id: mailbox.id });
  return rows.length > 0;
}

/** "Sync now": the holder runs a pass when it sees a request newer than its last; an error's backoff is cut short. */
export async function requestSync(userId: number, mailboxId: number): Promise<MailboxRow | undefined> {
  const [row] = await getDb()
    .update(mailbox)
    .set({ syncRequestedAt: sql`now()`, retryAt: null })
    .where(and(eq(mailbox.userId, userId), eq(mailbox.id, mailboxId)))
    .returning();
  return row;
}

/**
 * Takes up to `limit` mailboxes nobody holds (their lease lapsed or never taken), neither paused nor
 * waiting out an error's backoff, for `holder` until `seconds` from now. SKIP LOCKED: two instances
 * claiming at once take different mailboxes, never the same one.
 */
export async function claimMailboxes(holder: string, seconds: number, limit: number): Promise<MailboxRow[]> {
  if (limit <= 0) return [];
  const free = getDb()
    .select({ id: mailbox.id })
    .from(mailbox)
    .where(
      and(
        eq(mailbox.paused, false),
        or(isNull(mailbox.leaseUntil), lt(mailbox.leaseUntil, sql`now()`)),
        or(isNull(mailbox.retryAt), lte(mailbox.retryAt, sql`now()`)),
      ),
    )
    .orderBy(asc(mailbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return getDb()
    .update(mailbox)
    .set({ leaseHolder: holder, leaseUntil: lease(seconds) })
    .where(inArray(mailbox.id, free))
    .returning();
}

/** Keeps `holder`'s leases for `seconds` more; returns the rows still held (a deleted or paused one is let go). */
export async function renewLeases(holder: string, mailboxIds: number[], seconds: number): Promise<MailboxRow[]> {
  if (mailboxIds.length === 0) return [];
  const held = await getDb()
    .update(mailbox)
    .set({ leaseUntil: lease(seconds) })
    .where(and(eq(mailbox.leaseHolder, holder), inArray(mailbox.id, mailboxIds), eq(mailbox.paused, false)))
    .returning();
  return held;
}

/** Lets the mailbox go at once (another instance may take it on its next look), with what its holder learnt. */
export async function releaseMailbox(holder: string, mailboxId: number, change: MailboxChange = {}): Promise<void> {
  await getDb()
    .update(mailbox)
    .set({ ...change, leaseHolder: null, leaseUntil: null })
    .where(and(eq(mailbox.id, mailboxId), eq(mailbox.leaseHolder, holder)));
}

/** What the holder of a mailbox records of it (status, error, last pass), while it holds it. */
export async function updateHeld(holder: string, mailboxId: number, change: MailboxChange): Promise<void> {
  await getDb()
    .update(mailbox)
    .set(change)
    .where(and(eq(mailbox.id, mailboxId), eq(mailbox.leaseHolder, holder)));
}

/**
 * A pass went through every watched folder: idle, no error, and the total is what was processed (a pass
 * cut short by a stop counted its remainder, which the next pass counts again).
 */
export async function finishPass(holder: string, mailboxId: number, at: Date): Promise<void> {
  await getDb()
    .update(mailbox)
    .set({ status: "idle", lastError: null, errorStreak: 0, retryAt: null, lastSyncedAt: at, total: sql`${mailbox.processed}` })
    .where(and(eq(mailbox.id, mailboxId), eq(mailbox.leaseHolder, holder)));
}

export async function addToTotal(mailboxId: number, count: number): Promise<void> {
  if (count === 0) return;
  await getDb()
    .update(mailbox)
    .set({ total: sql`${mailbox.total} + ${count}` })
    .where(eq(mailbox.id, mailboxId));
}

export async function findFolderState(mailboxId: number, folder: string): Promise<FolderState | undefined> {
  const [row] = await getDb()
    .select({ uidValidity: mailboxFolder.uidValidity, lastUid: mailboxFolder.lastUid })
    .from(mailboxFolder)
    .where(and(eq(mailboxFolder.mailboxId, mailboxId), eq(mailboxFolder.folder, folder)));
  return row;
}

/**
 * Adds a batch's outcomes to the mailbox's counters and moves its folder's mark to `lastUid`, in the
 * transaction that filed the batch when there is one: a restart goes on from the last UID recorded.
 */
export async function recordProgress(
  mailboxId: number,
  folder: string,
  state: { uidValidity: number; lastUid: number },
  tally: Tally,
  db: Database = getDb(),
): Promise<void> {
  await db
    .update(mailbox)
    .set({
      processed: sql`${mailbox.processed} + ${tally.processed}`,
      filed: sql`${mailbox.filed} + ${tally.filed}`,
      skipped: sql`${mailbox.skipped} + ${tally.skipped}`,
      failed: sql`${mailbox.failed} + ${tally.failed}`,
    })
    .where(eq(mailbox.id, mailboxId));
  await saveFolderState(mailboxId, folder, state, db);
}

async function saveFolderState(
  mailboxId: number,
  folder: string,
  state: { uidValidity: number; lastUid: number },
  db: Database = getDb(),
): Promise<void> {
  await db
    .insert(mailboxFolder)
    .values({ mailboxId, folder, uidValidity: state.uidValidity, lastUid: state.lastUid })
    .onConflictDoUpdate({
      target: [mailboxFolder.mailboxId, mailboxFolder.folder],
      set: { uidValidity: state.uidValidity, lastUid: state.lastUid, updatedAt: sql`now()` },
    });
}
