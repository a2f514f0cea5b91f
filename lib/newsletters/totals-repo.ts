import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { newsletter } from "@/db/schema";

import type { StatsDelta } from "./totals-service";

// The statements of lib/newsletters/totals-service.ts, the one writer of a newsletter's totals. Each is a
// single atomic UPDATE, safe under concurrent writers on several instances.

export async function updateFilingTotals(newsletterId: number, delta: StatsDelta, db: Database = getDb()): Promise<void> {
  const recipients = sql`${newsletter.recipientCount} + ${delta.recipients}`;
  await db
    .update(newsletter)
    .set({
      totalIssues: sql`${newsletter.totalIssues} + ${delta.issues}`,
      totalEmails: sql`${newsletter.totalEmails} + ${delta.emails}`,
      recipientCount: recipients,
      firstSeen: sql`LEAST(${newsletter.firstSeen}, ${delta.firstPublished})`,
      lastSeen: sql`GREATEST(${newsletter.lastSeen}, ${delta.lastPublished})`,
      sendingFrequency: delta.sendingFrequency ? sql`${delta.sendingFrequency}` : sql`${newsletter.sendingFrequency}`,
    })
    .where(eq(newsletter.id, newsletterId));
}

export async function updateMovedEmailTotals(tx: Database, fromId: number, toId: number): Promise<void> {
  await tx
    .update(newsletter)
    .set({ totalEmails: sql`greatest(${newsletter.totalEmails} - 1, 0)` })
    .where(eq(newsletter.id, fromId));
  await tx
    .update(newsletter)
    .set({ totalEmails: sql`${newsletter.totalEmails} + 1`, totalIssues: sql`${newsletter.totalIssues} + 1`, recipientCount: 1 })
    .where(eq(newsletter.id, toId));
}

export async function updateReaderTotals(newsletterId: number, changes: { likes?: number; readSeconds?: number }): Promise<void> {
  await getDb()
    .update(newsletter)
    .set({
      totalLikes: sql`greatest(${newsletter.totalLikes} + ${changes.likes ?? 0}, 0)`,
      totalReadTimeSeconds: sql`least(${newsletter.totalReadTimeSeconds}::bigint + ${changes.readSeconds ?? 0}, 2147483647)`,
    })
    .where(eq(newsletter.id, newsletterId));
}
