import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";

/**
 * Erases a user in one transaction: their addresses are retired first, then the raw messages only they
 * received, their copies of editions (and editions nobody else can see), their imports' uploads, the
 * reset tokens that name them, and the user row, whose cascade takes sessions, accounts, interactions, folders,
 * subscriptions, comments, shares and imports. Answers the bucket's objects the erased rows named and
 * no other row does (raw messages, upload chunks), for the caller to delete once the erasure is committed.
 */
export async function eraseUser(userId: number): Promise<string[]> {
  return getDb().transaction(async (tx) => {
    const uploads = (await tx.execute(sql`
      SELECT DISTINCT c.upload_key FROM upload_chunk c JOIN mail_import m ON m.upload_key = c.upload_key
      WHERE m.user_id = ${userId} AND c.data IS NULL`)) as unknown as { rows: { upload_key: string }[] };
    await tx.execute(sql`
      INSERT INTO retired_address (local_part)
      SELECT local_part FROM user_address WHERE user_id = ${userId}
      UNION SELECT unique_local FROM "user" WHERE id = ${userId}
      ON CONFLICT DO NOTHING`);
    // A delivery's key ends with the ids of the users it reached: a message that reached only this
    // user goes, filed or not; one shared with other readers stays theirs.
    const messages = (await tx.execute(sql`
      DELETE FROM inbound_message m
      WHERE m.dedup_key ~ ('\\s' || ${String(userId)} || '$')
         OR (m.id IN (SELECT inbound_message_id FROM email WHERE user_id = ${userId})
             AND NOT EXISTS (SELECT 1 FROM email o WHERE o.inbound_message_id = m.id AND o.user_id <> ${userId}))
      RETURNING m.raw_key`)) as unknown as { rows: { raw_key: string | null }[] };
    // The same bytes delivered to another reader apart are another row naming the same object.
    const rawKeys = [...new Set(messages.rows.flatMap((row) => (row.raw_key ? [row.raw_key] : [])))];
    const stillNamed = rawKeys.length
      ? ((await tx.execute(
          sql`SELECT DISTINCT raw_key FROM inbound_message WHERE raw_key = ANY(${sql.param(rawKeys)}::text[])`,
        )) as unknown as { rows: { raw_key: string }[] })
      : { rows: [] };
    const named = new Set(stillNamed.rows.map((row) => row.raw_key));
    await tx.execute(sql`
      WITH gone AS (DELETE FROM email WHERE user_id = ${userId} RETURNING issue_id)
      DELETE FROM issue i USING newsletter n
      WHERE i.id IN (SELECT issue_id FROM gone) AND n.id = i.newsletter_id AND NOT n.is_public
        AND NOT EXISTS (SELECT 1 FROM email o WHERE o.issue_id = i.id AND o.user_id <> ${userId})`);
    await tx.execute(sql`DELETE FROM upload_chunk WHERE upload_key IN (SELECT upload_key FROM mail_import WHERE user_id = ${userId})`);
    await tx.execute(sql`DELETE FROM verification WHERE identifier LIKE 'reset-password:%' AND value = ${String(userId)}`);
    await tx.execute(sql`DELETE FROM "user" WHERE id = ${userId}`);
    return [...rawKeys.filter((key) => !named.has(key)), ...uploads.rows.map((row) => `uploads/${row.upload_key}/`)];
  });
}
