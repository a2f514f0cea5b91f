import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, summarySetting, summaryUsage } from "@/db/schema";

export async function findSummariesOn(userId: number): Promise<boolean> {
  const [row] = await getDb().select({ enabled: summarySetting.enabled }).from(summarySetting).where(eq(summarySetting.userId, userId));
  return row?.enabled ?? false;
}

export async function saveSummariesOn(userId: number, enabled: boolean): Promise<void> {
  await getDb()
    .insert(summarySetting)
    .values({ userId, enabled })
    .onConflictDoUpdate({ target: summarySetting.userId, set: { enabled, updatedAt: new Date() } });
}

/** Of these copies, the ones whose reader turned summaries on: `{emailId, userId}`. */
export async function findSummarizable(emailIds: number[]) {
  if (emailIds.length === 0) return [];
  return getDb()
    .select({ emailId: email.id, userId: email.userId })
    .from(email)
    .innerJoin(summarySetting, and(eq(summarySetting.userId, email.userId), eq(summarySetting.enabled, true)))
    .where(inArray(email.id, emailIds));
}

/** The reader's copy to summarize, while they still have summaries on. */
export async function findIssueText(userId: number, emailId: number) {
  const [row] = await getDb()
    .select({ subject: email.subject, text: email.bodyPlain })
    .from(email)
    .innerJoin(summarySetting, and(eq(summarySetting.userId, email.userId), eq(summarySetting.enabled, true)))
    .where(and(eq(email.id, emailId), eq(email.userId, userId)));
  return row;
}

export async function writtenToday(userId: number, day: string): Promise<number> {
  const [row] = await getDb()
    .select({ count: summaryUsage.count })
    .from(summaryUsage)
    .where(and(eq(summaryUsage.userId, userId), eq(summaryUsage.day, day)));
  return row?.count ?? 0;
}

/** The model's summary replaces the extractive one on the reader's copy, and counts against their day. */
export async function saveModelSummary(userId: number, emailId: number, summary: string, day: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await tx
      .update(email)
      .set({ summary })
      .where(and(eq(email.id, emailId), eq(email.userId, userId)));
    await tx
      .insert(summaryUsage)
      .values({ userId, day, count: 1 })
      .onConflictDoUpdate({ target: [summaryUsage.userId, summaryUsage.day], set: { count: sql`${summaryUsage.count} + 1` } });
  });
}
