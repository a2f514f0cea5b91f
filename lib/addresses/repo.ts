import "server-only";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { delivery, retiredAddress, user, userAddress } from "@/db/schema";

export type ExtraAddressRow = Pick<typeof userAddress.$inferSelect, "id" | "localPart" | "label" | "enabled" | "createdAt">;

const extraColumns = {
  id: userAddress.id,
  localPart: userAddress.localPart,
  label: userAddress.label,
  enabled: userAddress.enabled,
  createdAt: userAddress.createdAt,
};
const ownExtra = (userId: number, id: number) => and(eq(userAddress.userId, userId), eq(userAddress.id, id), eq(userAddress.kind, "extra"));

/** The reader's extra addresses, newest first (or the one with `id`). */
export async function findExtraAddresses(userId: number, id?: number): Promise<ExtraAddressRow[]> {
  return getDb()
    .select(extraColumns)
    .from(userAddress)
    .where(id === undefined ? and(eq(userAddress.userId, userId), eq(userAddress.kind, "extra")) : ownExtra(userId, id))
    .orderBy(desc(userAddress.createdAt), desc(userAddress.id));
}

export type AddressSenderRow = { localPart: string; sender: string; firstAt: Date; lastAt: Date };

// The local part a delivery came to: its recipient is stored lower case, perhaps with a +tag.
const deliveredTo = sql<string>`regexp_replace(split_part(${delivery.recipient}, '@', 1), '\\+.*$', '')`;

/** Who wrote to each of these local parts of the reader's, and when first and last, from their delivery log. */
export async function findAddressSenders(userId: number, localParts: string[]): Promise<AddressSenderRow[]> {
  if (localParts.length === 0) return [];
  const rows = await getDb()
    .select({
      localPart: deliveredTo,
      sender: sql<string>`${delivery.sender}`,
      firstAt: sql<string>`min(${delivery.receivedAt})`,
      lastAt: sql<string>`max(${delivery.receivedAt})`,
    })
    .from(delivery)
    .where(and(eq(delivery.userId, userId), isNotNull(delivery.sender), inArray(deliveredTo, localParts)))
    .groupBy(deliveredTo, delivery.sender)
    .orderBy(sql`min(${delivery.receivedAt})`, sql`min(${delivery.id})`);
  // Aggregates come back as text from the driver: Drizzle maps only plain columns.
  return rows.map((row) => ({ ...row, firstAt: new Date(row.firstAt), lastAt: new Date(row.lastAt) }));
}

export type InsertExtraResult = { row: ExtraAddressRow } | { refused: "taken" | "full" };

/**
 * Gives the reader a new extra address unless they hold `cap` already or the local part is anyone's,
 * now, before, or retired. Creations of one reader queue on their user row, so the cap holds under races.
 */
export async function insertExtraAddress(userId: number, localPart: string, label: string | null, cap: number): Promise<InsertExtraResult> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM "user" WHERE id = ${userId} FOR UPDATE`);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(userAddress)
      .where(and(eq(userAddress.userId, userId), eq(userAddress.kind, "extra")));
    if ((held?.count ?? 0) >= cap) return { refused: "full" };
    const [retired] = await tx
      .select({ localPart: retiredAddress.localPart })
      .from(retiredAddress)
      .where(eq(retiredAddress.localPart, localPart));
    const [current] = await tx.select({ id: user.id }).from(user).where(eq(user.uniqueLocal, localPart));
    if (retired || current) return { refused: "taken" };
    // The unique index decides between two readers taking the same local part at once.
    const [row] = await tx
      .insert(userAddress)
      .values({ userId, localPart, kind: "extra", label })
      .onConflictDoNothing({ target: userAddress.localPart })
      .returning(extraColumns);
    return row ? { row } : { refused: "taken" };
  });
}

export async function updateExtraAddress(
  userId: number,
  id: number,
  changes: { label?: string | null; enabled?: boolean },
): Promise<ExtraAddressRow | undefined> {
  if (changes.label === undefined && changes.enabled === undefined) return (await findExtraAddresses(userId, id))[0];
  const [row] = await getDb().update(userAddress).set(changes).where(ownExtra(userId, id)).returning(extraColumns);
  return row;
}

/** Removes an extra address and retires its local part in one transaction: nobody receives its mail again. */
export async function retireExtraAddress(userId: number, id: number): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [gone] = await tx.delete(userAddress).where(ownExtra(userId, id)).returning({ localPart: userAddress.localPart });
    if (!gone) return false;
    await tx.insert(retiredAddress).values({ localPart: gone.localPart }).onConflictDoNothing();
    return true;
  });
}
