import "server-only";
import { and, count, desc, eq, gt, isNull, lt, lte, ne, notExists, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { digestSend, digestSetting, email, newsletter, subscription, user } from "@/db/schema";
import type { DigestSchedule } from "./schedule";

export type DigestSettingRow = DigestSchedule & { coveredUntil: Date | null; updatedAt: Date };

const settingColumns = {
  frequency: digestSetting.frequency,
  hour: digestSetting.hour,
  weekday: digestSetting.weekday,
  timezone: digestSetting.timezone,
  coveredUntil: digestSetting.coveredUntil,
  updatedAt: digestSetting.updatedAt,
};

export async function findDigestSetting(userId: number): Promise<DigestSettingRow | undefined> {
  const [row] = await getDb().select(settingColumns).from(digestSetting).where(eq(digestSetting.userId, userId));
  return row;
}

export async function upsertDigestSetting(userId: number, values: Partial<DigestSchedule>): Promise<DigestSettingRow> {
  const [row] = await getDb()
    .insert(digestSetting)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: digestSetting.userId, set: { ...values, updatedAt: new Date() } })
    .returning(settingColumns);
  return row!;
}

/** Turns the reader's digest off; false when it was not on. */
export async function updateDigestOff(userId: number): Promise<boolean> {
  const updated = await getDb()
    .update(digestSetting)
    .set({ frequency: "off" })
    .where(and(eq(digestSetting.userId, userId), ne(digestSetting.frequency, "off")))
    .returning({ userId: digestSetting.userId });
  return updated.length > 0;
}

export type DigestReader = DigestSchedule & { userId: number };

/** Every reader whose digest is on and whose account is not disabled: the tick works out who is due. */
export async function findDigestReaders(): Promise<DigestReader[]> {
  return getDb()
    .select({
      userId: digestSetting.userId,
      frequency: digestSetting.frequency,
      hour: digestSetting.hour,
      weekday: digestSetting.weekday,
      timezone: digestSetting.timezone,
    })
    .from(digestSetting)
    .innerJoin(user, eq(user.id, digestSetting.userId))
    .where(and(ne(digestSetting.frequency, "off"), isNull(user.disabledAt)));
}

/** The reader's sign-in address and when their last digest ended, or undefined for a disabled or deleted account. */
export async function findDigestRecipient(userId: number): Promise<{ address: string; coveredUntil: Date | null } | undefined> {
  const [row] = await getDb()
    .select({ address: user.email, coveredUntil: digestSetting.coveredUntil })
    .from(user)
    .leftJoin(digestSetting, eq(digestSetting.userId, user.id))
    .where(and(eq(user.id, userId), isNull(user.disabledAt)));
  return row;
}

// A claim still `queued` this long after it was made belongs to a process that died before queueing the mail.
const STALE_CLAIM = sql`now() - interval '5 minutes'`;

/**
 * Claims the reader's digest of `period`: the unique key lets exactly one caller, on any instance, have
 * the row; the others get undefined and send nothing. A stale claim is taken over, by one caller too
 * (the row's lock orders them, and the first renews it).
 */
export async function insertDigestSend(userId: number, period: string): Promise<number | undefined> {
  const [row] = await getDb()
    .insert(digestSend)
    .values({ userId, period })
    .onConflictDoUpdate({
      target: [digestSend.userId, digestSend.period],
      set: { createdAt: sql`now()` },
      setWhere: and(eq(digestSend.status, "queued"), lt(digestSend.createdAt, STALE_CLAIM)),
    })
    .returning({ id: digestSend.id });
  return row?.id;
}

/** Lets a claim go when its digest could not be queued, so the next tick (or the reader's next try) makes it. */
export async function deleteDigestSend(userId: number, id: number): Promise<void> {
  await getDb()
    .delete(digestSend)
    .where(and(eq(digestSend.userId, userId), eq(digestSend.id, id)));
}

/** Records how the claimed digest ended, and, once sent, that the next one starts after `coveredUntil`. */
export async function updateDigestSent(
  userId: number,
  id: number,
  outcome: { status: "sent" | "empty"; emailCount: number; coveredUntil?: Date },
): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx
      .update(digestSend)
      .set({ status: outcome.status, emailCount: outcome.emailCount })
      .where(and(eq(digestSend.userId, userId), eq(digestSend.id, id)));
    if (outcome.coveredUntil)
      await tx
        .insert(digestSetting)
        .values({ userId, coveredUntil: outcome.coveredUntil })
        .onConflictDoUpdate({ target: digestSetting.userId, set: { coveredUntil: outcome.coveredUntil } });
  });
}

export type DigestEmail = { id: number; subject: string | null; summary: string | null; newsletter: string; senderName: string | null };

/**
 * The reader's unread issues filed in (since, until], newest first, up to `limit`, and how many there are:
 * what the feed shows, so neither a muted newsletter's issues nor those a rule kept out of the feed.
 */
export async function findDigestEmails(
  userId: number,
  window: { since: Date; until: Date },
  limit: number,
): Promise<{ items: DigestEmail[]; total: number }> {
  const mutedNewsletter = getDb()
    .select({ one: sql`1` })
    .from(subscription)
    .where(and(eq(subscription.userId, userId), eq(subscription.newsletterId, email.newsletterId), sql`${subscription.muted}`));
  const where = and(
    eq(email.userId, userId),
    eq(email.kind, "issue"),
    sql`not ${email.isRead}`,
    sql`not ${email.skippedFeed}`,
    gt(email.createdAt, window.since),
    lte(email.createdAt, window.until),
    notExists(mutedNewsletter),
  );
  const [items, [total]] = await Promise.all([
    getDb()
      .select({ id: email.id, subject: email.subject, summary: email.summary, newsletter: newsletter.name, senderName: email.senderName })
      .from(email)
      .innerJoin(newsletter, eq(newsletter.id, email.newsletterId))
      .where(where)
      .orderBy(desc(email.createdAt), desc(email.id))
      .limit(limit),
    getDb().select({ count: count() }).from(email).where(where),
  ]);
  return { items, total: total?.count ?? 0 };
}
