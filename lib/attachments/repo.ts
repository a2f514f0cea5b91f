import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { attachment, email, inboundMessage } from "@/db/schema";
import { bytesOf } from "@/lib/storage/store";

/** An attachment to keep: its bytes are already in the object store under `objectKey`. */
export type KeptAttachment = { filename: string; contentType: string; size: number; objectKey: string };

export async function findRaw(inboundId: number): Promise<Buffer | undefined> {
  const [row] = await getDb()
    .select({ raw: inboundMessage.raw, rawKey: inboundMessage.rawKey })
    .from(inboundMessage)
    .where(eq(inboundMessage.id, inboundId));
  return row ? bytesOf(row.raw, row.rawKey) : undefined;
}

export async function insertAttachments(inboundId: number, files: KeptAttachment[]): Promise<void> {
  if (files.length === 0) return;
  await getDb()
    .insert(attachment)
    .values(files.map((file, position) => ({ inboundMessageId: inboundId, position, ...file })))
    .onConflictDoNothing();
}

/** The reader's copy, whose stored message the attachments hang on; undefined when it is not theirs. */
export async function findOwnEmail(userId: number, emailId: number) {
  const [row] = await getDb()
    .select({ inboundId: email.inboundMessageId })
    .from(email)
    .where(and(eq(email.id, emailId), eq(email.userId, userId)));
  return row;
}

export async function listAttachments(inboundId: number) {
  return getDb()
    .select({ id: attachment.id, filename: attachment.filename, contentType: attachment.contentType, size: attachment.size })
    .from(attachment)
    .where(eq(attachment.inboundMessageId, inboundId))
    .orderBy(asc(attachment.position));
}

export async function findAttachment(inboundId: number, attachmentId: number) {
  const [row] = await getDb()
    .select()
    .from(attachment)
    .where(and(eq(attachment.id, attachmentId), eq(attachment.inboundMessageId, inboundId)));
  return row;
}

/** The attachments of these copies of the reader's, for the export: names and sizes, their bytes read one at a time. */
export async function findExportAttachments(userId: number, emailIds: number[]) {
  if (emailIds.length === 0) return [];
  return getDb()
    .select({ id: attachment.id, emailId: email.id, filename: attachment.filename, size: attachment.size })
    .from(email)
    .innerJoin(attachment, eq(attachment.inboundMessageId, email.inboundMessageId))
    .where(and(eq(email.userId, userId), inArray(email.id, emailIds)))
    .orderBy(asc(email.id), asc(attachment.position));
}

export async function findAttachmentKey(attachmentId: number): Promise<string | undefined> {
  const [row] = await getDb().select({ objectKey: attachment.objectKey }).from(attachment).where(eq(attachment.id, attachmentId));
  return row?.objectKey;
}
