import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { savedSearch, user } from "@/db/schema";

const columns = { id: savedSearch.id, name: savedSearch.name, query: savedSearch.query, createdAt: savedSearch.createdAt };
export type SavedSearchRow = { id: number; name: string; query: string; createdAt: Date };

export async function findSavedSearches(userId: number): Promise<SavedSearchRow[]> {
  return getDb()
    .select(columns)
    .from(savedSearch)
    .where(eq(savedSearch.userId, userId))
    .orderBy(asc(savedSearch.createdAt), asc(savedSearch.id));
}

/** Inserts the search unless the user already keeps `cap` (undefined then), counted under a lock on the user's row. */
export async function insertSavedSearch(
  userId: number,
  input: { name: string; query: string },
  cap: number,
): Promise<SavedSearchRow | undefined> {
  return getDb().transaction(async (tx) => {
    // Two saves at once on two instances must not both pass the count; NO KEY UPDATE leaves the user's other rows' inserts free.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(savedSearch)
      .where(eq(savedSearch.userId, userId));
    if ((held?.count ?? 0) >= cap) return undefined;
    const [row] = await tx
      .insert(savedSearch)
      .values({ userId, ...input })
      .returning(columns);
    return row;
  });
}

export async function deleteSavedSearch(userId: number, id: number): Promise<boolean> {
  const deleted = await getDb()
    .delete(savedSearch)
    .where(and(eq(savedSearch.userId, userId), eq(savedSearch.id, id)))
    .returning({ id: savedSearch.id });
  return deleted.length > 0;
}
