import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { email, emailFavorite, emailRead, folder, folderEmail, newsletter, rule, user } from "@/db/schema";
import type { RuleAction, RuleCondition } from "@/db/schema/order";
import type { MatchableRule, RuleOutcome } from "./match";

export type RuleRow = typeof rule.$inferSelect;
export type RuleValues = Pick<RuleRow, "name" | "enabled" | "match" | "conditions" | "actions">;

export async function findRules(userId: number): Promise<RuleRow[]> {
  return getDb().select().from(rule).where(eq(rule.userId, userId)).orderBy(asc(rule.position), asc(rule.id));
}

export async function findRule(userId: number, id: number): Promise<RuleRow | undefined> {
  const [row] = await getDb()
    .select()
    .from(rule)
    .where(and(eq(rule.userId, userId), eq(rule.id, id)));
  return row;
}

/** Which of these folder ids are the reader's own. */
export async function findOwnFolderIds(userId: number, folderIds: number[]): Promise<Set<number>> {
  if (folderIds.length === 0) return new Set();
  const rows = await getDb()
    .select({ id: folder.id })
    .from(folder)
    .where(and(eq(folder.userId, userId), sql`${folder.id} = any(${sql.param(folderIds)}::int[])`));
  return new Set(rows.map((row) => row.id));
}

/** Locks the reader's row so two writes of their rules on two instances take turns over the order. */
async function lockReader(tx: Database, userId: number): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
}

/** Appends the rule at the end of the reader's order, unless they keep `cap` already (undefined then). */
export async function insertRule(userId: number, values: RuleValues, cap: number): Promise<RuleRow | undefined> {
  return getDb().transaction(async (tx) => {
    await lockReader(tx, userId);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${rule.position}), -1)::int` })
      .from(rule)
      .where(eq(rule.userId, userId));
    if ((held?.count ?? 0) >= cap) return undefined;
    const [row] = await tx
      .insert(rule)
      .values({ userId, ...values, position: (held?.last ?? -1) + 1 })
      .returning();
    return row;
  });
}

/** Changes the rule; a new position moves it there and renumbers the reader's rules 0..n-1. */
export async function updateRule(
  userId: number,
  id: number,
  values: Partial<RuleValues>,
  position: number | undefined,
): Promise<RuleRow | undefined> {
  return getDb().transaction(async (tx) => {
    await lockReader(tx, userId);
    const [row] = await tx
      .update(rule)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(rule.userId, userId), eq(rule.id, id)))
      .returning();
    if (!row || position === undefined) return row;
    const order = (
      await tx.select({ id: rule.id }).from(rule).where(eq(rule.userId, userId)).orderBy(asc(rule.position), asc(rule.id))
    ).map((item) => item.id);
    order.splice(order.indexOf(id), 1);
    order.splice(Math.min(position, order.length), 0, id);
    await tx.execute(sql`
      UPDATE ${rule} SET position = ordered.position - 1
      FROM unnest(${sql.param(order)}::int[]) WITH ORDINALITY AS ordered(id, position)
      WHERE ${rule.id} = ordered.id AND ${rule.userId} = ${userId}`);
    return { ...row, position: order.indexOf(id) };
  });
}

export async function deleteRule(userId: number, id: number): Promise<boolean> {
  const deleted = await getDb()
    .delete(rule)
    .where(and(eq(rule.userId, userId), eq(rule.id, id)))
    .returning({ id: rule.id });
  return deleted.length > 0;
}

/** What filing needs of its readers, in one query: each one's enabled rules in order, and whether their screener is on. */
export type ReaderArrival = { userId: number; rules: MatchableRule[]; screener: boolean };

export async function findArrivalSettings(db: Database, userIds: number[]): Promise<ReaderArrival[]> {
  const result = (await db.execute(sql`
    SELECT reader.id AS user_id,
      coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'match', r.match, 'conditions', r.conditions, 'actions', r.actions)
        ORDER BY r.position, r.id) FROM rule r WHERE r.user_id = reader.id AND r.enabled), '[]'::json) AS rules,
      coalesce((SELECT s.enabled FROM screener_setting s WHERE s.user_id = reader.id), false) AS screener
    FROM unnest(${sql.param(userIds)}::int[]) AS reader(id)`)) as unknown as {
    rows: { user_id: number; rules: MatchableRule[]; screener: boolean }[];
  };
  return result.rows.map((row) => ({ userId: row.user_id, rules: row.rules, screener: row.screener }));
}

/**
 * Does what the rules decided to a copy just filed, and logs which rules ran on its delivery, in one
 * statement of the filing transaction. A folder deleted since the rule was written is skipped.
 */
export async function applyOutcome(
  tx: Database,
  target: { userId: number; emailId: number; issueId: number; inboundId: number },
  outcome: RuleOutcome,
): Promise<void> {
  const { userId, emailId, issueId, inboundId } = target;
  // Only the actions the rules asked for: each part of the statement costs its planning on every message.
  const parts: SQL[] = [];
  if (outcome.folderIds.length > 0)
    parts.push(sql`filed AS (
      INSERT INTO ${folderEmail} (folder_id, email_id)
      SELECT ${folder.id}, ${emailId}::int FROM ${folder}
      WHERE ${folder.userId} = ${userId} AND ${folder.id} = any(${sql.param(outcome.folderIds)}::int[])
      ON CONFLICT DO NOTHING)`);
  if (outcome.markRead)
    parts.push(sql`was_read AS (
      INSERT INTO ${emailRead} (email_id, user_id, issue_id) VALUES (${emailId}, ${userId}, ${issueId}) ON CONFLICT DO NOTHING)`);
  if (outcome.favorite)
    parts.push(sql`kept AS (
      INSERT INTO ${emailFavorite} (email_id, user_id, issue_id) VALUES (${emailId}, ${userId}, ${issueId}) ON CONFLICT DO NOTHING)`);
  if (outcome.skipFeed) parts.push(sql`skipped AS (UPDATE ${email} SET skipped_feed = true WHERE ${email.id} = ${emailId})`);
  await tx.execute(sql`
    ${parts.length > 0 ? sql`WITH ${sql.join(parts, sql`, `)}` : sql``}
    UPDATE delivery SET rules = ${JSON.stringify(outcome.ran)}::jsonb WHERE inbound_message_id = ${inboundId} AND user_id = ${userId}`);
}

/**
 * Holds the message for the readers among these who never had mail from its sender: no earlier copy of
 * its newsletter and no decision about the address. Their delivery says `screened` and the sender waits
 * in their Screener list with the message; the readers held are returned. The reader's own mail brought
 * in (an import, a connected mailbox) and a sample issue are never held: they asked for those.
 */
export async function holdFirstMail(
  tx: Database,
  userIds: number[],
  message: { inboundId: number; sender: string; newsletterId: number },
): Promise<number[]> {
  const { inboundId, sender, newsletterId } = message;
  const result = (await tx.execute(sql`
    WITH readers AS (
      SELECT reader.user_id FROM unnest(${sql.param(userIds)}::int[]) AS reader(user_id)
      WHERE (SELECT source FROM inbound_message WHERE id = ${inboundId}) NOT IN ('import', 'imap', 'sample', 'feed')
        AND NOT EXISTS (SELECT 1 FROM screened_sender s WHERE s.user_id = reader.user_id AND s.sender = ${sender} AND s.status <> 'pending')
        AND NOT EXISTS (SELECT 1 FROM email e WHERE e.user_id = reader.user_id AND e.newsletter_id = ${newsletterId})
    ), held AS (
      INSERT INTO screened_sender (user_id, sender, status, held)
      SELECT user_id, ${sender}, 'pending', jsonb_build_array(${inboundId}::int) FROM readers
      ON CONFLICT (user_id, sender) DO UPDATE SET held = screened_sender.held || excluded.held
      WHERE screened_sender.status = 'pending' AND NOT screened_sender.held @> excluded.held
      RETURNING user_id
    ), logged AS (
      UPDATE delivery SET outcome = 'screened' FROM held
      WHERE delivery.inbound_message_id = ${inboundId} AND delivery.user_id = held.user_id AND delivery.outcome = 'pending'
    )
    SELECT user_id FROM held`)) as unknown as { rows: { user_id: number }[] };
  return result.rows.map((row) => row.user_id);
}

const lower = (column: SQL) => sql`lower(coalesce(${column}, ''))`;
const FIELD_COLUMNS: Record<RuleCondition["field"], SQL> = {
  from: lower(sql`${email.senderEmail}`),
  sender_domain: lower(sql`split_part(${email.senderEmail}, '@', 2)`),
  list_id: lower(sql`(select ${newsletter.listId} from ${newsletter} where ${newsletter.id} = ${email.newsletterId})`),
  newsletter_id: sql`${email.newsletterId}::text`,
  subject: lower(sql`${email.subject}`),
  body: lower(sql`${email.bodyPlain}`),
};

/** A condition as SQL, with the same literal, case-blind comparison as on arrival (match.ts): no LIKE, no pattern. */
function conditionSql(condition: RuleCondition): SQL {
  const column = FIELD_COLUMNS[condition.field];
  const value = condition.value.toLowerCase();
  if (condition.op === "equals") return sql`${column} = ${value}`;
  if (condition.op === "ends_with") return sql`right(${column}, ${value.length}) = ${value}`;
  return sql`strpos(${column}, ${value}) > 0`;
}

function matchingSql(userId: number, rules: { match: "all" | "any"; conditions: RuleCondition[] }): SQL {
  const joined = sql.join(
    rules.conditions.map((condition) => sql`(${conditionSql(condition)})`),
    rules.match === "all" ? sql` AND ` : sql` OR `,
  );
  return sql`${email.userId} = ${userId} AND (${joined})`;
}

/** How many of the reader's emails match these conditions. */
export async function countMatching(userId: number, rules: { match: "all" | "any"; conditions: RuleCondition[] }): Promise<number> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(email)
    .where(matchingSql(userId, rules));
  return row?.count ?? 0;
}

/** Applies the rule's actions to the reader's emails it matches, in one statement: how many matched, and how many changed. */
export async function applyToExisting(
  userId: number,
  target: Pick<RuleRow, "match" | "conditions" | "actions">,
): Promise<{ matched: number; changed: number }> {
  const folderIds = target.actions.flatMap((action: RuleAction) => (action.type === "add_to_folder" ? [action.folder_id] : []));
  const has = (type: RuleAction["type"]) => target.actions.some((action) => action.type === type);
  const result = (await getDb().execute(sql`
    WITH matched AS MATERIALIZED (
      SELECT ${email.id} AS id, ${email.issueId} AS issue_id, ${email.isRead} AS is_read, ${email.skippedFeed} AS skipped
      FROM ${email} WHERE ${matchingSql(userId, target)}
    ), filed AS (
      INSERT INTO ${folderEmail} (folder_id, email_id)
      SELECT ${folder.id}, matched.id FROM matched, ${folder}
      WHERE ${folder.userId} = ${userId} AND ${folder.id} = any(${sql.param(folderIds)}::int[])
      ON CONFLICT DO NOTHING RETURNING email_id
    ), was_read AS (
      INSERT INTO ${emailRead} (email_id, user_id, issue_id) SELECT matched.id, ${userId}::int, matched.issue_id FROM matched
      WHERE ${has("mark_read")} AND NOT matched.is_read
      ON CONFLICT DO NOTHING RETURNING email_id
    ), kept AS (
      INSERT INTO ${emailFavorite} (email_id, user_id, issue_id) SELECT matched.id, ${userId}::int, matched.issue_id FROM matched
      WHERE ${has("favorite")}
      ON CONFLICT DO NOTHING RETURNING email_id
    ), skipped AS (
      UPDATE ${email} SET skipped_feed = true FROM matched
      WHERE ${email.id} = matched.id AND ${has("skip_feed")} AND NOT matched.skipped
      RETURNING ${email.id} AS email_id
    )
    SELECT (SELECT count(*) FROM matched)::int AS matched,
      (SELECT count(DISTINCT email_id) FROM (SELECT email_id FROM filed UNION ALL SELECT email_id FROM was_read
        UNION ALL SELECT email_id FROM kept UNION ALL SELECT email_id FROM skipped) AS touched)::int AS changed`)) as unknown as {
    rows: { matched: number; changed: number }[];
  };
  return result.rows[0] ?? { matched: 0, changed: 0 };
}
