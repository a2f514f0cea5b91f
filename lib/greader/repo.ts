import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import type { Stream } from "./ids";

/** What narrows a stream: the stream itself, items it must (`it`) or must not (`xt`) be in, and time bounds. */
export type StreamFilter = {
  stream: Stream;
  include: Stream[];
  exclude: Stream[];
  /** Epoch seconds: received at or after. */
  oldest?: number;
  /** Epoch seconds: received at or before. */
  newest?: number;
};

/** Where the previous page ended, in the order of the page: the email's exact received time (PostgreSQL's text) and id. */
export type Cursor = { at: string; id: number };

export type ItemRef = { id: number; usec: string; at: string };

export type ItemRow = {
  id: number;
  subject: string | null;
  senderName: string | null;
  bodyHtml: string | null;
  summary: string | null;
  usec: string;
  newsletterId: number;
  newsletterName: string;
  websiteUrl: string | null;
  isRead: boolean;
  starred: boolean;
  labels: string[];
};

export type SubscriptionRow = { id: number; name: string; websiteUrl: string | null; logoUrl: string | null; categories: string[] };

type Rows<T> = { rows: T[] };
const run = async <T>(query: SQL): Promise<T[]> => ((await getDb().execute(query)) as unknown as Rows<T>).rows;

/**
 * The reader's emails a reader app sees: as the feed shows them by default, without muted newsletters'
 * mail nor what a rule kept out of the feed.
 */
function visible(userId: number): SQL {
  return sql`e.user_id = ${userId} and not e.skipped_feed
    and e.newsletter_id <> all(array(select s.newsletter_id from subscription s where s.user_id = ${userId} and s.muted))`;
}

/** Whether email `e` is in the stream. A label is a folder of the reader's or a category of the email's newsletter. */
function inStream(userId: number, stream: Stream): SQL {
  switch (stream.kind) {
    case "reading-list":
      return sql`true`;
    case "read":
      return sql`e.is_read`;
    case "starred":
      return sql`exists (select 1 from email_favorite f where f.email_id = e.id)`;
    case "feed":
      return sql`e.newsletter_id = ${stream.newsletterId}`;
    case "label":
      return sql`(exists (select 1 from folder_email fe join folder fo on fo.id = fe.folder_id
          where fe.email_id = e.id and fo.user_id = ${userId} and fo.name = ${stream.name})
        or exists (select 1 from newsletter_category nc join category c on c.id = nc.category_id
          where nc.newsletter_id = e.newsletter_id and c.name = ${stream.name}))`;
  }
}

function filterConditions(userId: number, filter: StreamFilter): SQL {
  const conditions = [visible(userId), inStream(userId, filter.stream)];
  for (const stream of filter.include) conditions.push(inStream(userId, stream));
  for (const stream of filter.exclude) conditions.push(sql`not ${inStream(userId, stream)}`);
  if (filter.oldest !== undefined) conditions.push(sql`e.date_received >= to_timestamp(${filter.oldest})`);
  if (filter.newest !== undefined) conditions.push(sql`e.date_received <= to_timestamp(${filter.newest})`);
  return sql.join(conditions, sql` and `);
}

const usec = sql`(extract(epoch from e.date_received) * 1000000)::bigint::text`;

/** Up to `limit` items of the stream after `cursor`, newest first unless `oldestFirst`; the date index gives the order. */
export async function findItemRefs(
  userId: number,
  filter: StreamFilter,
  page: { limit: number; oldestFirst: boolean; cursor?: Cursor },
): Promise<ItemRef[]> {
  const direction = page.oldestFirst ? sql`asc` : sql`desc`;
  const after = page.cursor
    ? page.oldestFirst
      ? sql`and (e.date_received, e.id) > (${page.cursor.at}::timestamptz, ${page.cursor.id})`
      : sql`and (e.date_received, e.id) < (${page.cursor.at}::timestamptz, ${page.cursor.id})`
    : sql``;
  const rows = await run<{ id: number; usec: string; at: string }>(sql`
    select e.id, ${usec} as usec, e.date_received::text as at from email e
    where ${filterConditions(userId, filter)} ${after}
    order by e.date_received ${direction}, e.id ${direction}
    limit ${page.limit}`);
  return rows.map((row) => ({ id: Number(row.id), usec: String(row.usec), at: String(row.at) }));
}

/** The reader's visible emails among `ids`, as items, in the order asked for; others' ids find nothing. */
export async function findItems(userId: number, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await run<Record<string, unknown>>(sql`
    select e.id, e.subject, e.sender_name, e.body_html, e.summary, ${usec} as usec, e.newsletter_id,
      n.name as newsletter_name, n.website_url, e.is_read,
      exists (select 1 from email_favorite f where f.email_id = e.id) as starred,
      array(
        select fo.name from folder_email fe join folder fo on fo.id = fe.folder_id where fe.email_id = e.id
        union select c.name from newsletter_category nc join category c on c.id = nc.category_id where nc.newsletter_id = e.newsletter_id
      ) as labels
    from email e join newsletter n on n.id = e.newsletter_id
    where ${visible(userId)} and e.id = any(${sql.param(ids)}::int[])
    order by array_position(${sql.param(ids)}::int[], e.id)`);
  return rows.map((row) => ({
    id: Number(row.id),
    subject: row.subject as string | null,
    senderName: row.sender_name as string | null,
    bodyHtml: row.body_html as string | null,
    summary: row.summary as string | null,
    usec: String(row.usec),
    newsletterId: Number(row.newsletter_id),
    newsletterName: String(row.newsletter_name),
    websiteUrl: row.website_url as string | null,
    isRead: Boolean(row.is_read),
    starred: Boolean(row.starred),
    labels: (row.labels as string[]).sort(),
  }));
}

/** One subscription per newsletter the reader has visible mail from, with its categories' names. */
export async function findSubscriptions(userId: number): Promise<SubscriptionRow[]> {
  const rows = await run<{ id: number; name: string; website_url: string | null; logo_url: string | null; categories: string[] }>(sql`
    select n.id, n.name, n.website_url, n.logo_url,
      array(select c.name from newsletter_category nc join category c on c.id = nc.category_id
        where nc.newsletter_id = n.id order by c.name) as categories
    from newsletter n
    where n.id in (select distinct e.newsletter_id from email e where ${visible(userId)})
    order by lower(n.name), n.id`);
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    websiteUrl: row.website_url,
    logoUrl: row.logo_url,
    categories: row.categories,
  }));
}

/** The reader's folders' names, and the categories of the newsletters they have visible mail from. */
export async function findLabels(userId: number): Promise<{ folders: string[]; categories: string[] }> {
  const [folders, categories] = await Promise.all([
    run<{ name: string }>(sql`select name from folder where user_id = ${userId} order by lower(name), name`),
    run<{ name: string }>(sql`
      select distinct c.name from category c join newsletter_category nc on nc.category_id = c.id
      where nc.newsletter_id in (select distinct e.newsletter_id from email e where ${visible(userId)})
      order by c.name`),
  ]);
  return { folders: folders.map((row) => row.name), categories: categories.map((row) => row.name) };
}

/** Marks the reader's own emails among `ids` read (a read already there is kept as it is); email_read's trigger sets is_read. */
export async function insertReads(userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb().execute(sql`
    insert into email_read (email_id, user_id, issue_id)
    select e.id, e.user_id, e.issue_id from email e where e.user_id = ${userId} and e.id = any(${sql.param(ids)}::int[])
    on conflict (email_id) do nothing`);
}

export async function insertFavorites(userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb().execute(sql`
    insert into email_favorite (email_id, user_id, issue_id)
    select e.id, e.user_id, e.issue_id from email e where e.user_id = ${userId} and e.id = any(${sql.param(ids)}::int[])
    on conflict (email_id) do nothing`);
}

export async function deleteFavorites(userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb().execute(sql`delete from email_favorite where user_id = ${userId} and email_id = any(${sql.param(ids)}::int[])`);
}

/** Marks read every unread email of the stream received at or before `before` (epoch seconds), when given. */
export async function markStreamRead(userId: number, filter: StreamFilter): Promise<void> {
  await getDb().execute(sql`
    insert into email_read (email_id, user_id, issue_id)
    select e.id, e.user_id, e.issue_id from email e where ${filterConditions(userId, filter)} and not e.is_read
    on conflict (email_id) do nothing`);
}

/** Per newsletter with visible mail: its unread count and newest item's time (microseconds, as text). */
export async function findUnreadCounts(userId: number): Promise<{ newsletterId: number; count: number; newestUsec: string }[]> {
  const rows = await run<{ newsletter_id: number; count: number; newest: string }>(sql`
    select e.newsletter_id, count(*) filter (where not e.is_read)::int as count,
      (extract(epoch from max(e.date_received)) * 1000000)::bigint::text as newest
    from email e where ${visible(userId)}
    group by e.newsletter_id order by e.newsletter_id`);
  return rows.map((row) => ({ newsletterId: Number(row.newsletter_id), count: Number(row.count), newestUsec: String(row.newest) }));
}
