import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import {
  comment,
  email,
  emailFavorite,
  emailLike,
  emailRead,
  folder,
  folderEmail,
  inboundMessage,
  newsletter,
  subscription,
  user,
  userAddress,
} from "@/db/schema";

/** Rows come in pages this long, each after the last key of the one before: memory stays flat however much there is. */
const EXPORT_PAGE = 200;

export async function findExportUser(userId: number) {
  const [row] = await getDb()
    .select({
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      uniqueLocal: user.uniqueLocal,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  const addresses = await getDb()
    .select({ localPart: userAddress.localPart })
    .from(userAddress)
    .where(eq(userAddress.userId, userId))
    .orderBy(asc(userAddress.id));
  return row ? { ...row, addresses: addresses.map((address) => address.localPart) } : undefined;
}

export function findExportSubscriptions(userId: number, afterId: number) {
  return getDb()
    .select({
      id: subscription.id,
      newsletterId: subscription.newsletterId,
      name: newsletter.name,
      websiteUrl: newsletter.websiteUrl,
      status: subscription.status,
      subscribedAt: subscription.subscribedAt,
      unsubscribedAt: subscription.unsubscribedAt,
    })
    .from(subscription)
    .innerJoin(newsletter, eq(newsletter.id, subscription.newsletterId))
    .where(and(eq(subscription.userId, userId), gt(subscription.id, afterId)))
    .orderBy(asc(subscription.id))
    .limit(EXPORT_PAGE);
}

export function findExportFolders(userId: number, afterId: number) {
  return getDb()
    .select({ id: folder.id, name: folder.name, createdAt: folder.createdAt })
    .from(folder)
    .where(and(eq(folder.userId, userId), gt(folder.id, afterId)))
    .orderBy(asc(folder.id))
    .limit(EXPORT_PAGE);
}

export async function findExportFolderEmailIds(userId: number, folderId: number, afterEmailId: number): Promise<number[]> {
  const rows = await getDb()
    .select({ emailId: folderEmail.emailId })
    .from(folderEmail)
    .innerJoin(folder, eq(folder.id, folderEmail.folderId))
    .where(and(eq(folder.userId, userId), eq(folderEmail.folderId, folderId), gt(folderEmail.emailId, afterEmailId)))
    .orderBy(asc(folderEmail.emailId))
    .limit(EXPORT_PAGE);
  return rows.map((row) => row.emailId);
}

export function findExportEmails(userId: number, afterId: number) {
  return getDb()
    .select({
      id: email.id,
      newsletterId: email.newsletterId,
      issueId: email.issueId,
      subject: email.subject,
      senderName: email.senderName,
      senderEmail: email.senderEmail,
      dateReceived: email.dateReceived,
      kind: email.kind,
      hasOriginal: sql<boolean>`${email.inboundMessageId} IS NOT NULL`,
    })
    .from(email)
    .where(and(eq(email.userId, userId), gt(email.id, afterId)))
    .orderBy(asc(email.id))
    .limit(EXPORT_PAGE);
}

export function findExportComments(userId: number, afterId: number) {
  return getDb()
    .select({ id: comment.id, issueId: comment.issueId, emailId: comment.emailId, content: comment.content, createdAt: comment.createdAt })
    .from(comment)
    .where(and(eq(comment.userId, userId), gt(comment.id, afterId)))
    .orderBy(asc(comment.id))
    .limit(EXPORT_PAGE);
}

/** Likes, favourites and reads have no id of their own: they are paged by (issue, email). */
type ActionKey = { issueId: number; emailId: number };
const actionTables = { like: emailLike, favorite: emailFavorite } as const;

export function findExportActions(kind: keyof typeof actionTables, userId: number, after: ActionKey) {
  const table = actionTables[kind];
  return getDb()
    .select({ issueId: table.issueId, emailId: table.emailId, createdAt: table.createdAt })
    .from(table)
    .where(and(eq(table.userId, userId), sql`(${table.issueId}, coalesce(${table.emailId}, 0)) > (${after.issueId}, ${after.emailId})`))
    .orderBy(asc(table.issueId), sql`coalesce(${table.emailId}, 0)`)
    .limit(EXPORT_PAGE);
}

export function findExportReads(userId: number, after: ActionKey) {
  return getDb()
    .select({
      issueId: emailRead.issueId,
      emailId: emailRead.emailId,
      durationSeconds: emailRead.durationSeconds,
      firstReadAt: emailRead.firstReadAt,
      lastReadAt: emailRead.lastReadAt,
    })
    .from(emailRead)
    .where(
      and(
        eq(emailRead.userId, userId),
        sql`(${emailRead.issueId}, coalesce(${emailRead.emailId}, 0)) > (${after.issueId}, ${after.emailId})`,
      ),
    )
    .orderBy(asc(emailRead.issueId), sql`coalesce(${emailRead.emailId}, 0)`)
    .limit(EXPORT_PAGE);
}

/** Original messages, a few at a time: each may weigh up to MAX_MESSAGE_BYTES. */
export function findExportMessages(userId: number, afterEmailId: number, limit: number) {
  return getDb()
    .select({
      emailId: email.id,
      dateReceived: email.dateReceived,
      raw: inboundMessage.raw,
      rawKey: inboundMessage.rawKey,
      size: inboundMessage.sizeBytes,
    })
    .from(email)
    .innerJoin(inboundMessage, eq(inboundMessage.id, email.inboundMessageId))
    .where(and(eq(email.userId, userId), gt(email.id, afterEmailId)))
    .orderBy(asc(email.id))
    .limit(limit);
}
