import "server-only";
import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { email } from "@/db/schema";
import type { FiledEmail } from "./dto";

const filedColumns = { id: email.id, newsletter_id: email.newsletterId, subject: email.subject, kind: email.kind };

/** The user's emails among `ids` (another reader's are simply not found), oldest first. */
export function findFiledEmails(userId: number, ids: number[]): Promise<FiledEmail[]> {
  return getDb()
    .select(filedColumns)
    .from(email)
    .where(and(eq(email.userId, userId), inArray(email.id, ids)))
    .orderBy(asc(email.id));
}

/** The user's newest `limit` emails filed after `afterId`, oldest first. */
export async function findEmailsFiledAfter(userId: number, afterId: number, limit: number): Promise<FiledEmail[]> {
  const rows = await getDb()
    .select(filedColumns)
    .from(email)
    .where(and(eq(email.userId, userId), gt(email.id, afterId)))
    .orderBy(desc(email.id))
    .limit(limit);
  return rows.reverse();
}
