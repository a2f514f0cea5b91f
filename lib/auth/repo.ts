import "server-only";
import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { preparedOnce } from "@/db/prepared";
import { retiredAddress, session, user, userAddress } from "@/db/schema";
import { slugFromName, withSuffix } from "./addresses";

export type UserRow = typeof user.$inferSelect;

export async function findUserById(userId: number): Promise<UserRow | undefined> {
  const [row] = await getDb().select().from(user).where(eq(user.id, userId));
  return row;
}

export async function findUserByEmail(address: string): Promise<UserRow | undefined> {
  const [row] = await getDb().select().from(user).where(eq(user.email, address.toLowerCase()));
  return row;
}

export type SessionUserRow = Pick<UserRow, "id" | "name" | "email" | "username" | "uniqueLocal" | "onboarded" | "disabledAt"> & {
  expiresAt: Date;
};

function prepareSessionUser(db: Database) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      uniqueLocal: user.uniqueLocal,
      onboarded: user.onboarded,
      disabledAt: user.disabledAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql`now()`)))
    .prepare("session_user_by_token");
}

const preparedSessionUser = new WeakMap<Database, Map<string, ReturnType<typeof prepareSessionUser>>>();

/** The user of an unexpired session, by the session's token, and when it expires: one indexed read. */
export async function findSessionUser(token: string): Promise<SessionUserRow | undefined> {
  const [row] = await preparedOnce(preparedSessionUser, "session_user_by_token", prepareSessionUser).execute({ token });
  return row;
}

/** The owner of a local part, current or earlier. */
async function findAddressOwner(localPart: string): Promise<number | undefined> {
  const [row] = await getDb()
    .select({ userId: userAddress.userId })
    .from(userAddress)
    .where(eq(userAddress.localPart, localPart))
    .union(getDb().select({ userId: user.id }).from(user).where(eq(user.uniqueLocal, localPart)));
  return row?.userId;
}

async function usernameTaken(username: string): Promise<boolean> {
  const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.username, username));
  return row !== undefined;
}

async function addressTaken(localPart: string): Promise<boolean> {
  return (await findAddressOwner(localPart)) !== undefined || (await isRetired(localPart));
}

/** Whether the address belonged to an account since deleted: it is never handed out again. */
async function isRetired(localPart: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ localPart: retiredAddress.localPart })
    .from(retiredAddress)
    .where(eq(retiredAddress.localPart, localPart));
  return row !== undefined;
}

async function firstFree(base: string, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  if (!(await taken(base))) return base;
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = withSuffix(base);
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`No free name found for ${base}`);
}

/** The username and first unique address of a new user, both grown from the name. */
export async function assignIdentity(name: string, emailAddress: string): Promise<{ username: string; uniqueLocal: string }> {
  const base = slugFromName(name, emailAddress.split("@")[0] ?? "");
  return { username: await firstFree(base, usernameTaken), uniqueLocal: await firstFree(base, addressTaken) };
}

export async function recordAddress(userId: number, localPart: string): Promise<void> {
  await getDb().insert(userAddress).values({ userId, localPart }).onConflictDoNothing();
}

/**
 * Makes `localPart` the user's current address, keeping every earlier one.
 * Returns false when another user holds it (now or earlier), decided by the unique index, not a prior read.
 */
// Thrown to undo a claim of a retired address, and caught in this module: the refusal depends on no
// library's error class (a copy of drizzle-orm per bundle once made drizzle's own rollback answer 500;
// next.config.ts now loads one copy, and built-server-auth.test.ts holds both to it).
class RetiredAddressClaim extends Error {}

export async function updateUniqueLocal(userId: number, localPart: string): Promise<boolean> {
  try {
    return await claimAddress(userId, localPart);
  } catch (error) {
    if (error instanceof RetiredAddressClaim) return false;
    throw error;
  }
}

function claimAddress(userId: number, localPart: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [claimed] = await tx
      .insert(userAddress)
      .values({ userId, localPart })
      // One of the reader's own extra addresses may become their address: it is then theirs as the account's, and enabled.
      .onConflictDoUpdate({
        target: userAddress.localPart,
        set: { localPart, kind: "unique", enabled: true },
        setWhere: eq(userAddress.userId, userId),
      })
      .returning({ userId: userAddress.userId });
    if (!claimed) return false;
    // Read after the claim: a deletion retiring this address commits first or finds the claim in its way.
    const [retired] = await tx
      .select({ localPart: retiredAddress.localPart })
      .from(retiredAddress)
      .where(eq(retiredAddress.localPart, localPart));
    if (retired) throw new RetiredAddressClaim();
    await tx.update(user).set({ uniqueLocal: localPart }).where(eq(user.id, userId));
    return true;
  });
}

export async function updateUser(userId: number, changes: { name?: string; onboarded?: boolean }): Promise<UserRow | undefined> {
  if (changes.name === undefined && changes.onboarded === undefined) return findUserById(userId);
  const [row] = await getDb().update(user).set(changes).where(eq(user.id, userId)).returning();
  return row;
}

/** Ends every session of the user but the one whose token is kept. */
export async function deleteOtherSessions(userId: number, keepToken: string): Promise<void> {
  await getDb()
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.token, keepToken)));
}

/** A user a message reaches, with what must not leak into the shared form: name, sign-in address, every unique address. */
export type Recipient = { userId: number; name: string; email: string; localParts: string[] };

/** Owners of local parts (current, earlier or extra; a disabled one is nobody's), with their identities, in one query. */
export async function findRecipients(localParts: string[]): Promise<Recipient[]> {
  if (localParts.length === 0) return [];
  const db = getDb();
  const earlierOwners = db
    .select({ userId: userAddress.userId })
    .from(userAddress)
    .where(and(inArray(userAddress.localPart, localParts), eq(userAddress.enabled, true)));
  return db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      // Qualified by hand: in a one-table select Drizzle writes "id" bare, which inside this subquery means user_address.id.
      localParts: sql<
        string[]
      >`array(SELECT ${userAddress.localPart} FROM ${userAddress} WHERE ${userAddress.userId} = "user"."id") || ${user.uniqueLocal}`,
    })
    .from(user)
    .where(or(inArray(user.uniqueLocal, localParts), inArray(user.id, earlierOwners)))
    .orderBy(asc(user.id));
}
