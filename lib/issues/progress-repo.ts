import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, readingProgress } from "@/db/schema";

/**
 * Keeps how far the user got in their own email: one row per email, replaced on every save. Another
 * user's email (or none) is simply not found: false, and nothing is written.
 */
export async function upsertReadingProgress(userId: number, emailId: number, fraction: number): Promise<boolean> {
  const owned = getDb()
    .select({
      userId: email.userId,
      emailId: email.id,
      fraction: sql<number>`${fraction}::real`.as("fraction"),
      updatedAt: sql<Date>`now()`.as("updated_at"),
    })
    .from(email)
    .where(and(eq(email.userId, userId), eq(email.id, emailId)));
  const saved = await getDb()
    .insert(readingProgress)
    .select(owned)
    .onConflictDoUpdate({
      target: readingProgress.emailId,
      set: { fraction: sql`excluded.fraction`, updatedAt: sql`excluded.updated_at` },
    })
    .returning({ emailId: readingProgress.emailId });
  return saved.length > 0;
}
