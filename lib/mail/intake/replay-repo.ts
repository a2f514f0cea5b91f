import "server-only";
import { eq, lt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { mailgunToken } from "@/db/schema";

/**
 * Records `token` as used for the post of `digest` until `expiresAt`, unless an unexpired use is
 * already recorded; returns the digest of the post the token serves. The unique key decides between
 * two instances receiving the same token at once.
 */
export async function insertMailgunToken(token: string, digest: string, expiresAt: Date): Promise<string> {
  const db = getDb();
  const [claimed] = await db
    .insert(mailgunToken)
    .values({ token, digest, expiresAt })
    .onConflictDoUpdate({ target: mailgunToken.token, set: { digest, expiresAt }, setWhere: lt(mailgunToken.expiresAt, sql`now()`) })
    .returning({ digest: mailgunToken.digest });
  if (claimed) return claimed.digest;
  const [earlier] = await db.select({ digest: mailgunToken.digest }).from(mailgunToken).where(eq(mailgunToken.token, token));
  return earlier?.digest ?? digest;
}

/** Forgets tokens whose signature can no longer be accepted anyway. */
export async function deleteExpiredMailgunTokens(): Promise<void> {
  await getDb()
    .delete(mailgunToken)
    .where(lt(mailgunToken.expiresAt, sql`now()`));
}
