import "server-only";
import { and, asc, desc, eq, exists, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email, feedToken, folder, folderEmail, newsletter, subscription, user } from "@/db/schema";

export type FeedTokenRow = { userId: number; nonce: string; createdAt: Date };
export type FeedScope = { scope: "all" } | { scope: "folder"; id: number } | { scope: "newsletter"; id: number };

const FEED_LENGTH = 50;

export async function findFeedToken(userId: number): Promise<FeedTokenRow | undefined> {
  const [row] = await getDb().select().from(feedToken).where(eq(feedToken.userId, userId));
  return row;
}

/** Keeps the first token when two requests create one at once. */
export async function insertFeedToken(userId: number, nonce: string): Promise<void> {
  await getDb().insert(feedToken).values({ userId, nonce }).onConflictDoNothing({ target: feedToken.userId });
}

export async function replaceFeedToken(userId: number, nonce: string): Promise<FeedTokenRow> {
  const [row] = await getDb()
    .insert(feedToken)
    .values({ userId, nonce })
    .onConflictDoUpdate({ target: feedToken.userId, set: { nonce, createdAt: sql`now()` } })
    .returning();
  return row!;
}

/** The token with this nonce, and whether its reader's account is disabled. */
export async function findFeedTokenByNonce(nonce: string): Promise<(FeedTokenRow & { disabledAt: Date | null }) | undefined> {
  const [row] = await getDb()
    .select({ userId: feedToken.userId, nonce: feedToken.nonce, createdAt: feedToken.createdAt, disabledAt: user.disabledAt })
    .from(feedToken)
    .innerJoin(user, eq(user.id, feedToken.userId))
    .where(eq(feedToken.nonce, nonce));
  return row;
}

export async function findFeedFolders(userId: number) {
  return getDb()
    .select({ id: folder.id, name: folder.name })
    .from(folder)
    .where(eq(folder.userId, userId))
    .orderBy(asc(folder.name), asc(folder.id));
}

/** The newsletters the reader has mail from or a subscription to: the ones their feeds can be of. */
export async function findFeedNewsletters(userId: number, newsletterId?: number) {
  const ofReader = sql`(exists (select 1 from ${subscription} where ${subscription.userId} = ${userId} and ${subscription.newsletterId} = ${newsletter.id})
    or exists (select 1 from ${email} where ${email.userId} = ${userId} and ${email.newsletterId} = ${newsletter.id}))`;
  return getDb()
    .select({ id: newsletter.id, name: newsletter.name, websiteUrl: newsletter.websiteUrl })
    .from(newsletter)
    .where(newsletterId === undefined ? ofReader : and(eq(newsletter.id, newsletterId), ofReader))
    .orderBy(asc(newsletter.name), asc(newsletter.id));
}

export async function findFeedFolder(userId: number, folderId: number) {
  const [row] = await getDb()
    .select({ id: folder.id, name: folder.name })
    .from(folder)
    .where(and(eq(folder.userId, userId), eq(folder.id, folderId)));
  return row;
}

/** The reader's latest issues (confirmation requests are not issues) in the scope, newest first. */
export async function findFeedEmails(userId: number, scope: FeedScope) {
  const filters: SQL[] = [eq(email.userId, userId), eq(email.kind, "issue")];
  if (scope.scope === "newsletter") filters.push(eq(email.newsletterId, scope.id));
  if (scope.scope === "folder") {
    const inFolder = getDb()
      .select({ one: sql`1` })
      .from(folderEmail)
      .innerJoin(folder, eq(folder.id, folderEmail.folderId))
      .where(and(eq(folderEmail.emailId, email.id), eq(folder.id, scope.id), eq(folder.userId, userId)));
    filters.push(exists(inFolder));
  }
  return getDb()
    .select({
      id: email.id,
      subject: email.subject,
      senderName: email.senderName,
      summary: email.summary,
      bodyHtml: email.bodyHtml,
      bodyPlain: email.bodyPlain,
      dateReceived: email.dateReceived,
    })
    .from(email)
    .where(and(...filters))
    .orderBy(desc(email.dateReceived), desc(email.id))
    .limit(FEED_LENGTH);
}
