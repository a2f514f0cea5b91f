import "server-only";
import { and, asc, desc, eq, exists, gte, inArray, not, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type Database } from "@/db/client";
import { preparedOnce } from "@/db/prepared";
import { email, emailRead, newsletterCategory, subscription, userEmailTotal } from "@/db/schema";
import { findEmailJson, selectRowsJson, type EmailJsonRow } from "./repo";
import type { FeedFilters, FeedQuery } from "./schemas";
import { inPlace, operatorConditions, operatorPlaceholders, operatorShape, operatorValues, type OperatorParam } from "./search-conditions";
import { hasOperators } from "./search-query";

const RECENCY_DAYS = { all_time: null, last_7_days: 7, last_30_days: 30, last_90_days: 90 } as const;
const SORT_COLUMNS = {
  date_received: email.dateReceived,
  subject: email.subject,
  sender_name: email.senderName,
  time_to_read: email.wordCount,
} as const;

/** A search's words matched as beginnings: findFeedPage's fallback when no email holds them whole. */
type Beginnings = { beginnings?: boolean };
/** A feed query, and whether its search's words are matched as beginnings. */
type SearchedFilters = FeedFilters & Beginnings;
type SearchedQuery = FeedQuery & Beginnings;

/** A page of the feed: each email as its JSON text (dto.ts) with its issue's change stamp, and the total. */
export type FeedPage = { items: EmailJsonRow[]; total: number };
/** The values a feed query binds, by name: in place, or as the parameters of a statement prepared per shape. */
type FeedValues = { userId: number; days: number; categoryId: number; kind: "issue" | "confirmation"; search: string };
type Bind = <K extends keyof FeedValues>(name: K) => FeedValues[K] | ReturnType<typeof sql.placeholder>;

function feedValues(userId: number, query: FeedFilters): FeedValues {
  return {
    userId,
    days: RECENCY_DAYS[query.recency_filter] ?? 0,
    categoryId: query.category_id ?? 0,
    kind: query.kind ?? "issue",
    search: wordsQuery(query.search?.text ?? ""),
  };
}

/** The search as a text-search query of all its words; only letters and digits reach to_tsquery's syntax. */
function wordsQuery(search: string, suffix = ""): string {
  return (search.match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => `${word}${suffix}`).join(" & ");
}

const bindValues =
  (values: FeedValues): Bind =>
  (name) =>
    values[name];
const bindPlaceholders: Bind = (name) => sql.placeholder(name);

type Owner = FeedValues["userId"] | ReturnType<typeof sql.placeholder>;

/**
 * The reader's muted newsletters, read in the statement itself (no round trip of its own) from a
 * partial index that usually holds none of their rows.
 */
function mutedNewsletterIds(owner: Owner): SQL {
  return sql`array(select ${subscription.newsletterId} from ${subscription} where ${subscription.userId} = ${owner} and ${subscription.muted})`;
}

const mutedEmail = alias(email, "muted_email");

/**
 * The ids of the reader's emails a rule kept out of the feed (skip_feed), read from their partial index
 * (migration 0023), which usually holds none: `id <> all(...)` is then checked in the feed's indexes.
 */
function skippedEmailIds(owner: Owner): SQL {
  return sql`array(select ${mutedEmail.id} from ${email} as ${mutedEmail} where ${mutedEmail.userId} = ${owner} and ${mutedEmail.skippedFeed})`;
}

/** How many of the kept total are skipped emails (of one kind) the unfiltered feed leaves out; muted ones are counted there. */
function skippedCount(owner: Owner, includeMuted: boolean, kind?: FeedQuery["kind"]): SQL {
  const notMuted = includeMuted ? sql`` : sql` and ${mutedEmail.newsletterId} <> all(${mutedNewsletterIds(owner)})`;
  const ofKind = kind ? sql` and ${mutedEmail.kind} = ${kind}` : sql``;
  return sql`(select count(*) from ${email} as ${mutedEmail} where ${mutedEmail.userId} = ${owner} and ${mutedEmail.skippedFeed}${notMuted}${ofKind})`;
}

/** The skipped emails are left out of a feed without a search unless the query includes them. */
const leavesSkipped = (query: Pick<FeedFilters, "include_skipped" | "search">) => !query.include_skipped && !query.search;

/**
 * How many of the kept total are muted emails (of one kind): what the unfiltered feed leaves out of it.
 * Driven from the muted subscriptions (usually none), each joined to its emails by the newsletter index:
 * `newsletter_id = any(<muted ids>)` was planned as a filter over all the reader's emails (27 ms for 50,000).
 */
function mutedCount(owner: Owner, kind?: FeedQuery["kind"]): SQL {
  const muted = getDb()
    .select({ count: sql`count(*)` })
    .from(subscription)
    .innerJoin(
      mutedEmail,
      and(
        eq(mutedEmail.userId, subscription.userId),
        eq(mutedEmail.newsletterId, subscription.newsletterId),
        kind ? eq(mutedEmail.kind, kind) : undefined,
      ),
    )
    .where(and(eq(subscription.userId, owner), sql`${subscription.muted}`));
  return sql`(${muted})`;
}

/** The muted newsletters' and skipped emails a feed query leaves out. */
function exclusions(query: FeedFilters, owner: Owner): SQL[] {
  const conditions: SQL[] = [];
  // newsletter_id is in every feed index, so leaving muted newsletters out is checked in the index.
  if (!query.include_muted) conditions.push(sql`${email.newsletterId} <> all(${mutedNewsletterIds(owner)})`);
  if (leavesSkipped(query)) conditions.push(sql`${email.id} <> all(${skippedEmailIds(owner)})`);
  return conditions;
}

/**
 * The emails holding every word of the search: read from the owner's postings of each word (the keys index,
 * migration 0035), then checked against the words' query by ts_match_vq, @@'s own function, which the planner
 * does not take to the other text index to intersect both. The first and the last word's keys are asked again:
 * the index reads each posting once, and a statement planned once for every search, blind to its words, then
 * counts on few matches, not on 5,000 of 1,000,000 (it planned each search anew instead, 2-5 ms on load).
 * Beginnings only the other index reads.
 */
function textMatch(query: Beginnings, bind: Bind): SQL {
  // A subquery, so that the words are parsed once rather than for each email checked.
  const words = sql`(select to_tsquery('english', ${bind("search")}::text))`;
  if (query.beginnings) return sql`${email.searchVector} @@ ${words}`;
  const keys = sql`email_search_keys(${email.userId}, ${email.searchVector})`;
  const wanted = sql`email_search_keys(${bind("userId")}::int, to_tsvector('english', ${bind("search")}::text))`;
  const first = sql`(${wanted})[1:1]`;
  const last = sql`(${wanted})[cardinality(${wanted}):]`;
  return sql`${keys} @> ${wanted} and ${keys} @> ${first} and ${keys} @> ${last} and ts_match_vq(${email.searchVector}, ${words})`;
}

/** The query's filters and search; which are present depends on the query, their values come from `bind` (the operators' from `param`). */
function narrowing(query: SearchedFilters, bind: Bind, param: OperatorParam): SQL[] {
  const conditions: SQL[] = [];
  if (query.recency_filter !== "all_time")
    conditions.push(gte(email.dateReceived, sql`now() - make_interval(days => ${bind("days")}::int)`));
  // Literal, not bound: a statement prepared per shape then plans the flags' index for them.
  if (query.read_status !== "all") conditions.push(query.read_status === "read" ? sql`${email.isRead}` : sql`not ${email.isRead}`);
  if (query.subscription_status !== "all")
    conditions.push(query.subscription_status === "subscribed" ? sql`${email.isSubscribed}` : sql`not ${email.isSubscribed}`);
  if (query.category_id !== undefined) {
    const categoryId = bind("categoryId");
    conditions.push(
      exists(
        getDb()
          .select({ one: sql`1` })
          .from(newsletterCategory)
          .where(and(eq(newsletterCategory.newsletterId, email.newsletterId), eq(newsletterCategory.categoryId, categoryId))),
      ),
    );
  }
  if (query.kind) conditions.push(eq(email.kind, bind("kind")));
  if (query.search?.text) conditions.push(textMatch(query, bind));
  if (query.search && hasOperators(query.search)) conditions.push(...operatorConditions(query.search, bind("userId"), param));
  return conditions;
}

/** The emails of the user a feed query lists. */
function feedConditions(query: SearchedFilters, bind: Bind, param: OperatorParam = inPlace): SQL[] {
  const owner = bind("userId");
  // Whole words are matched from keys that hold their owner (textMatch); there the owner is checked as a test of
  // truth, which no index reads: as user_id = owner, a statement planned once for every reader intersected those
  // few postings with all 50,000 of the heavy reader's emails (6 ms), and without it planned each search again.
  const owned = query.search?.text && !query.beginnings ? sql`(${email.userId} = ${owner}) is true` : eq(email.userId, owner);
  return [owned, ...exclusions(query, owner), ...narrowing(query, bind, param)];
}

/**
 * A filtered feed's exact count: its matches with the muted and skipped emails in, counted from the
 * narrow state index with nothing checked per entry (a third of the cost of checking each there), less
 * those that are muted (driven from the muted subscriptions, usually none) or skipped (from their
 * partial index, usually none). `narrowed` is the owner's emails the filters and search pick.
 */
function filteredCount(query: FeedFilters, owner: Owner, narrowed: SQL): SQL<number> {
  const all = sql`(select count(*) from ${email} where ${narrowed})`;
  const muted = query.include_muted
    ? sql`0`
    : sql`(select count(*) from ${subscription} inner join ${email} on ${email.userId} = ${subscription.userId} and ${email.newsletterId} = ${subscription.newsletterId}
      where ${subscription.userId} = ${owner} and ${subscription.muted} and ${narrowed})`;
  const notMuted = query.include_muted ? sql`` : sql` and ${email.newsletterId} <> all(${mutedNewsletterIds(owner)})`;
  const skipped = leavesSkipped(query)
    ? sql`(select count(*) from ${email} where ${email.skippedFeed} and ${narrowed}${notMuted})`
    : sql`0`;
  return sql<number>`(${all} - ${muted} - ${skipped})::int`;
}

/** Whether only the owner (and kind) narrow the feed, so the kept per-user totals answer its count. */
function isUnfiltered(query: FeedQuery): boolean {
  const { recency_filter, read_status, subscription_status, category_id, search } = query;
  return recency_filter === "all_time" && read_status === "all" && subscription_status === "all" && category_id === undefined && !search;
}

const pageOffset = (query: FeedQuery) => (query.page - 1) * query.page_size;

const pageEmail = alias(email, "page_email");

/**
 * A page of the user's whole feed by date with the kept total, in one round trip. The date index gives
 * the exact order (id breaks ties), so one generic plan serves every user and page.
 */
function prepareFeedPageByDate(db: Database, query: Pick<FeedQuery, "sort_order" | "include_muted" | "include_skipped">, shape: string) {
  const { sort_order: sortOrder, include_muted: includeMuted } = query;
  const leaveSkipped = !query.include_skipped;
  const direction = sortOrder === "asc" ? asc : desc;
  const userId = sql.placeholder("userId");
  const pageIds = db
    .select({ id: pageEmail.id })
    .from(pageEmail)
    .where(
      and(
        eq(pageEmail.userId, userId),
        includeMuted ? undefined : sql`${pageEmail.newsletterId} <> all(${mutedNewsletterIds(userId)})`,
        leaveSkipped ? sql`${pageEmail.id} <> all(${skippedEmailIds(userId)})` : undefined,
      ),
    )
    .orderBy(direction(pageEmail.dateReceived), direction(pageEmail.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
  const kept = sql`(select coalesce(sum(${userEmailTotal.total}), 0) from ${userEmailTotal} where ${userEmailTotal.userId} = ${userId})`;
  const muted = includeMuted ? sql`0` : mutedCount(userId);
  const skipped = leaveSkipped ? skippedCount(userId, includeMuted) : sql`0`;
  const total = sql<number>`(${kept} - ${muted} - ${skipped})::int`;
  return selectRowsJson(db, total, sql`${email.id} = any(array(${pageIds}))`)
    .orderBy(direction(email.dateReceived), direction(email.id))
    .prepare(shape);
}

/**
 * A page of a filtered feed with its exact total, in one round trip. Without a search, the count reads
 * the matches from the flags' index and the page walks its sort's index (filters checked in the index)
 * until it has its rows. A search's matches come from the text index instead: they are gathered once
 * (materialized, as the CTE is read twice), counted, and sorted for the page.
 */
function prepareFilteredFeedPage(db: Database, query: SearchedQuery, shape: string) {
  return filteredPageStatement(db, query, bindPlaceholders, placeholderPaging, Boolean(query.search)).prepare(shape);
}

const placeholderPaging = { limit: sql.placeholder("limit"), offset: sql.placeholder("offset") };

type Paging = { limit: number | ReturnType<typeof sql.placeholder>; offset: number | ReturnType<typeof sql.placeholder> };

/** The filtered page's statement; `fromTextIndex` when the text index, not a sort's, drives the matches. */
function filteredPageStatement(
  db: Database,
  query: SearchedQuery,
  bind: Bind,
  paging: Paging,
  fromTextIndex: boolean,
  param: OperatorParam = inPlace,
) {
  const direction = query.sort_order === "asc" ? asc : desc;
  const column = SORT_COLUMNS[query.sort_by];
  const page = fromTextIndex
    ? searchPage(db, query, bind, param, paging, column, direction)
    : walkedPage(db, query, bind, param, paging, column, direction);
  return selectRowsJson(page.db, page.total, sql`${email.id} = any(array(${page.ids}))`).orderBy(direction(column), direction(email.id));
}

type SortColumn = (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];
type Direction = typeof asc;

function walkedPage(
  db: Database,
  query: SearchedQuery,
  bind: Bind,
  param: OperatorParam,
  paging: Paging,
  column: SortColumn,
  direction: Direction,
) {
  const owner = bind("userId");
  // Built once for all its uses, so an operator's placeholder has one name in the statement.
  const narrowed = and(eq(email.userId, owner), ...narrowing(query, bind, param))!;
  const matching = and(narrowed, ...exclusions(query, owner));
  const ids = db
    .select({ id: email.id })
    .from(email)
    .where(matching)
    .orderBy(direction(column), direction(email.id))
    .limit(paging.limit)
    .offset(paging.offset)
    .getSQL();
  return { db, total: filteredCount(query, owner, narrowed), ids };
}

function searchPage(
  db: Database,
  query: SearchedQuery,
  bind: Bind,
  param: OperatorParam,
  paging: Paging,
  column: SortColumn,
  direction: Direction,
) {
  const matches = db.$with("matches").as(
    db
      .select({ id: email.id, sortKey: sql`${column}`.as("sort_key") })
      .from(email)
      .where(and(...feedConditions(query, bind, param))),
  );
  // Reads the statement's own CTE: declaring it here again would gather the matches twice.
  const ids = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(direction(matches.sortKey), direction(matches.id))
    .limit(paging.limit)
    .offset(paging.offset)
    .getSQL();
  return { db: db.with(matches), total: sql<number>`(select count(*)::int from ${matches})`, ids };
}

const MAX_OPERATOR_STATEMENTS = 100;
const preparedOperatorPages = new WeakMap<Database, Map<string, ReturnType<typeof prepareFilteredFeedPage>>>();

/**
 * The statement kept for searches of this one's shape (its sort, filters and operators, values left
 * out), prepared on first use, so neither the server builds its SQL nor PostgreSQL plans it for each
 * request. Past 100 shapes a pool keeps, a search's statement is built for it.
 */
function operatorStatement(db: Database, query: SearchedQuery, fromTextIndex: boolean) {
  const kept = preparedOperatorPages.get(db) ?? new Map<string, ReturnType<typeof prepareFilteredFeedPage>>();
  preparedOperatorPages.set(db, kept);
  const shape = `${filteredShape(query)}_${operatorShape(query.search!)}`;
  let prepared = kept.get(shape);
  if (!prepared && kept.size < MAX_OPERATOR_STATEMENTS) {
    // Each call names its placeholders from o0 again, as operatorValues does for the values.
    const statement = filteredPageStatement(db, query, bindPlaceholders, placeholderPaging, fromTextIndex, operatorPlaceholders({}));
    prepared = statement.prepare(`feed_operators_${kept.size + 1}`);
    kept.set(shape, prepared);
  }
  return prepared;
}

/** A page of a search with operators: from the statement of its shape, or one built for it once too many are kept. */
async function feedPageWithOperators(query: SearchedQuery, values: FeedValues): Promise<FeedPage> {
  const search = query.search!;
  const paging = { limit: query.page_size, offset: pageOffset(query) };
  const fromTextIndex = Boolean(search.text) || search.phrases.length > 0;
  const db = getDb();
  const prepared = operatorStatement(db, query, fromTextIndex);
  const rows = prepared
    ? await prepared.execute({ ...values, ...paging, ...operatorValues(search) })
    : await filteredPageStatement(db, query, bindValues(values), paging, fromTextIndex);
  if (rows.length > 0) return { items: rows, total: rows[0]!.feedTotal ?? 0 };
  return { items: [], total: await countFeed(query, values) };
}

const preparedPagesByDate = new WeakMap<Database, Map<string, ReturnType<typeof prepareFeedPageByDate>>>();
const preparedFilteredPages = new WeakMap<Database, Map<string, ReturnType<typeof prepareFilteredFeedPage>>>();

const SORT_CODES = { date_received: "d", subject: "s", sender_name: "n", time_to_read: "t" } as const;

/**
 * A name per distinct statement (the sort and which filters are present), kept short: PostgreSQL
 * keys prepared statements by their first 63 bytes.
 */
function filteredShape(query: SearchedQuery): string {
  const { sort_by, sort_order, recency_filter, read_status, subscription_status, category_id, kind, search, include_muted } = query;
  const present = `${recency_filter === "all_time" ? "" : "R"}${category_id === undefined ? "" : "C"}${kind ? "K" : ""}${search ? "S" : ""}${include_muted ? "M" : ""}${query.include_skipped ? "P" : ""}${query.beginnings ? "B" : ""}`;
  return `feed_${SORT_CODES[sort_by]}${sort_order[0]}_${read_status[0]}${subscription_status[0]}_${present}`;
}

/**
 * One page's ids of an unfiltered feed by any sort or kind, planned for the actual values, and the kept
 * total, in one round trip.
 */
async function findUnfilteredPageIds(userId: number, query: FeedQuery): Promise<{ ids: number[]; total: number }> {
  const direction = query.sort_order === "asc" ? sql`asc` : sql`desc`;
  const column = SORT_COLUMNS[query.sort_by];
  const where = and(...feedConditions(query, bindValues(feedValues(userId, query))));
  const ofKind = query.kind ? sql` and ${userEmailTotal.kind} = ${query.kind}` : sql``;
  const keptTotal = sql`coalesce((select sum(${userEmailTotal.total}) from ${userEmailTotal} where ${userEmailTotal.userId} = ${userId}${ofKind}), 0)`;
  const muted = query.include_muted ? sql`0` : mutedCount(userId, query.kind);
  const skipped = query.include_skipped ? sql`0` : skippedCount(userId, query.include_muted, query.kind);
  const total = sql`${keptTotal} - ${muted} - ${skipped}`;
  const result = (await getDb().execute(sql`select (${total})::int as total,
    array(select ${email.id} from ${email} where ${where} order by ${column} ${direction}, ${email.id} ${direction} limit ${query.page_size} offset ${pageOffset(query)}) as ids`)) as unknown as {
    rows: { ids: number[]; total: number }[];
  };
  return result.rows[0] ?? { ids: [], total: 0 };
}

async function countFeed(query: SearchedQuery, values: FeedValues): Promise<number> {
  const [row] = await getDb()
    .select({ total: sql<number>`count(*)::int` })
    .from(email)
    .where(and(...feedConditions(query, bindValues(values))));
  return row?.total ?? 0;
}

export async function findFeedPage(userId: number, query: FeedQuery): Promise<FeedPage> {
  const page = { limit: query.page_size, offset: pageOffset(query) };
  if (isUnfiltered(query)) {
    if (!query.kind && query.sort_by === "date_received") {
      const shape = `feed_page_by_date_${query.sort_order}${query.include_muted ? "_all" : ""}${query.include_skipped ? "_skipped" : ""}`;
      const rows = await preparedOnce(preparedPagesByDate, shape, (db) => prepareFeedPageByDate(db, query, shape)).execute({
        userId,
        ...page,
      });
      return { items: rows, total: rows[0]?.feedTotal ?? (await findUnfilteredPageIds(userId, query)).total };
    }
    const { ids, total } = await findUnfilteredPageIds(userId, query);
    return { items: await findEmailJson(userId, ids), total };
  }
  const filteredPage = async (searched: SearchedQuery, values: FeedValues): Promise<FeedPage> => {
    if (searched.search && hasOperators(searched.search)) return feedPageWithOperators(searched, values);
    const shape = filteredShape(searched);
    const prepared = preparedOnce(preparedFilteredPages, shape, (db) => prepareFilteredFeedPage(db, searched, shape));
    const rows = await prepared.execute({ ...values, ...page });
    if (rows.length > 0) return { items: rows, total: rows[0]!.feedTotal ?? 0 };
    // Past the last page the statement has no row to carry the total: count it.
    return { items: [], total: await countFeed(searched, values) };
  };
  const values = feedValues(userId, query);
  const found = await filteredPage(query, values);
  if (found.total > 0 || !query.search?.text) return found;
  // No email has the whole words: a reader still typing the last one wants the words they begin. Only
  // then, as matching beginnings scans every email's words in the text index (0.3 s for 50,000 emails).
  return filteredPage({ ...query, beginnings: true }, { ...values, search: wordsQuery(query.search.text, ":*") });
}

/**
 * Marks read every email of the user the feed's filters and search match, as the feed lists them (its
 * fallback to word beginnings included), and returns the ids that changed: those were unread.
 */
export async function markFeedRead(userId: number, filters: FeedFilters): Promise<number[]> {
  const db = getDb();
  let searched: SearchedFilters = filters;
  let values = feedValues(userId, filters);
  if (filters.search?.text) {
    const [whole] = await db
      .select({ id: email.id })
      .from(email)
      .where(and(...feedConditions(filters, bindValues(values))))
      .limit(1);
    if (!whole) {
      searched = { ...filters, beginnings: true };
      values = { ...values, search: wordsQuery(filters.search.text, ":*") };
    }
  }
  const unread = db
    .select({ emailId: email.id, userId: email.userId, issueId: email.issueId })
    .from(email)
    .where(and(...feedConditions(searched, bindValues(values)), not(email.isRead)));
  // email_read's trigger sets each email's is_read flag; a read recorded meanwhile is left as it is.
  const result = (await db.execute(
    sql`insert into ${emailRead} (email_id, user_id, issue_id) ${unread} on conflict (email_id) do nothing returning email_id`,
  )) as unknown as { rows: { email_id: number }[] };
  return result.rows.map((row) => Number(row.email_id)).sort((left, right) => left - right);
}

/** Forgets the reads of these emails of the user (the undo of markFeedRead); the ids that changed. */
export async function markEmailsUnread(userId: number, emailIds: number[]): Promise<number[]> {
  if (emailIds.length === 0) return [];
  const removed = await getDb()
    .delete(emailRead)
    .where(and(eq(emailRead.userId, userId), inArray(emailRead.emailId, emailIds)))
    .returning({ emailId: emailRead.emailId });
  return removed.map((row) => Number(row.emailId)).sort((left, right) => left - right);
}
