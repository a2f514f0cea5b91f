import "server-only";
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, session, subscription, user } from "@/db/schema";

/** What an operator sees of an account (`npm run admin -- users ...`). */
export type UserSummary = {
  id: number;
  email: string;
  name: string;
  username: string;
  uniqueLocal: string;
  createdAt: Date;
  disabledAt: Date | null;
  emails: number;
  subscriptions: number;
  sessions: number;
};

// Named in full: Drizzle writes the outer table's columns unqualified inside a subquery, where they would name the inner table's.
const userId = sql`${sql.identifier("user")}.${sql.identifier("id")}`;

const summaryColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  username: user.username,
  uniqueLocal: user.uniqueLocal,
  createdAt: user.createdAt,
  disabledAt: user.disabledAt,
  emails: sql<number>`(select count(*)::int from ${email} where ${email.userId} = ${userId})`,
  subscriptions: sql<number>`(select count(*)::int from ${subscription} where ${subscription.userId} = ${userId} and ${subscription.status} = 'active')`,
  sessions: sql<number>`(select count(*)::int from ${session} where ${session.userId} = ${userId} and ${session.expiresAt} > now())`,
};

export async function findUserSummaries(limit: number): Promise<UserSummary[]> {
  return getDb().select(summaryColumns).from(user).orderBy(asc(user.id)).limit(limit);
}

export async function findUserSummaryByEmail(address: string): Promise<UserSummary | undefined> {
  const [row] = await getDb().select(summaryColumns).from(user).where(eq(user.email, address.trim().toLowerCase()));
  return row;
}

/**
 * Disables or enables an account. The user row's change notice (db/README.md) makes every instance
 * read the account's session rows afresh, so its sessions are refused (or accepted) from the next request.
 */
export async function updateUserDisabled(userId: number, disabled: boolean): Promise<void> {
  await getDb()
    .update(user)
    .set({ disabledAt: disabled ? sql`coalesce(${user.disabledAt}, now())` : null })
    .where(eq(user.id, userId));
}

export async function findDisabledAt(userId: number): Promise<Date | null | undefined> {
  const [row] = await getDb().select({ disabledAt: user.disabledAt }).from(user).where(eq(user.id, userId));
  return row ? row.disabledAt : undefined;
}

export async function deleteSessionByToken(userId: number, token: string): Promise<void> {
  await getDb()
    .delete(session)
    .where(and(eq(session.userId, userId), eq(session.token, token)));
}

export async function countUsers(): Promise<{ total: number; disabled: number }> {
  const [all] = await getDb().select({ total: count() }).from(user);
  const [disabled] = await getDb().select({ total: count() }).from(user).where(isNotNull(user.disabledAt));
  return { total: all?.total ?? 0, disabled: disabled?.total ?? 0 };
}
