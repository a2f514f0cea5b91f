import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accessToken, user } from "@/db/schema";
import type { TokenScope } from "./schemas";

export type AccessTokenRow = Omit<typeof accessToken.$inferSelect, "tokenHash">;

const listed = {
  id: accessToken.id,
  userId: accessToken.userId,
  name: accessToken.name,
  scope: accessToken.scope,
  createdAt: accessToken.createdAt,
  lastUsedAt: accessToken.lastUsedAt,
};

export async function findTokens(userId: number): Promise<AccessTokenRow[]> {
  return getDb()
    .select(listed)
    .from(accessToken)
    .where(eq(accessToken.userId, userId))
    .orderBy(desc(accessToken.createdAt), desc(accessToken.id));
}

/** The new token's row, or undefined when the reader holds `limit` tokens already: counted and inserted in one statement. */
export async function insertToken(
  userId: number,
  token: { name: string; scope: TokenScope; tokenHash: string },
  limit: number,
): Promise<AccessTokenRow | undefined> {
  const result = (await getDb().execute(sql`
    insert into ${accessToken} (user_id, name, scope, token_hash)
    select ${userId}, ${token.name}, ${token.scope}, ${token.tokenHash}
    where (select count(*) from ${accessToken} where user_id = ${userId}) < ${limit}
    returning id, created_at`)) as unknown as { rows: { id: number; created_at: Date | string }[] };
  const [row] = result.rows;
  if (!row) return undefined;
  return { id: Number(row.id), userId, name: token.name, scope: token.scope, createdAt: new Date(row.created_at), lastUsedAt: null };
}

export async function deleteToken(userId: number, id: number): Promise<boolean> {
  const rows = await getDb()
    .delete(accessToken)
    .where(and(eq(accessToken.userId, userId), eq(accessToken.id, id)))
    .returning({ id: accessToken.id });
  return rows.length > 0;
}

/** The token with this hash and its owner: one indexed read, every request (a revoked token is gone at once, on every instance). */
export async function findTokenOwner(tokenHash: string) {
  const [row] = await getDb()
    .select({
      id: accessToken.id,
      scope: accessToken.scope,
      lastUsedAt: accessToken.lastUsedAt,
      disabledAt: user.disabledAt,
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        username: user.username,
        uniqueLocal: user.uniqueLocal,
        onboarded: user.onboarded,
      },
    })
    .from(accessToken)
    .innerJoin(user, eq(user.id, accessToken.userId))
    .where(eq(accessToken.tokenHash, tokenHash));
  return row;
}

/** Marks the token used now, unless it was marked within `minSeconds` (by any instance). */
export async function touchToken(id: number, minSeconds: number): Promise<void> {
  await getDb()
    .update(accessToken)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(accessToken.id, id),
        sql`(${accessToken.lastUsedAt} is null or ${accessToken.lastUsedAt} < now() - make_interval(secs => ${minSeconds}))`,
      ),
    );
}
