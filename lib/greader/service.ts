import "server-only";
import { BadRequestError } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { appOrigin } from "@/lib/env";
import { rewriteImages } from "@/lib/images/rewrite";
import { markUnread } from "@/lib/issues/service";
import { feedStreamId, labelStreamId, longItemId, parseItemIds, parseStream, STATE, type Stream } from "./ids";
import {
  deleteFavorites,
  findItemRefs,
  findItems,
  findLabels,
  findSubscriptions,
  findUnreadCounts,
  insertFavorites,
  insertReads,
  markStreamRead,
  type Cursor,
  type ItemRow,
  type StreamFilter,
} from "./repo";

/** Most ids one call names or returns: NetNewsWire and ReadYou ask for 10000 ids at once, then their contents in one POST. */
const MAX_IDS = 10_000;
const MAX_CONTENTS = 1_000;
const DEFAULT_COUNT = 20;
// Far enough for any date a mail carries; beyond, PostgreSQL's to_timestamp fails.
const MAX_EPOCH_SECONDS = 100_000_000_000;

const emailUrl = (emailId: number) => `${appOrigin}/emails/${emailId}`;
const newsletterUrl = (newsletterId: number) => `${appOrigin}/newsletter/${newsletterId}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export function userInfo(user: SessionUser) {
  return { userId: String(user.id), userName: user.name, userProfileId: String(user.id), userEmail: user.email, isBloggerUser: false };
}

/** One subscription per newsletter; its categories are the newsletter's, which the clients show as folders of feeds. */
export async function subscriptionList(userId: number) {
  const rows = await findSubscriptions(userId);
  return {
    subscriptions: rows.map((row) => ({
      id: feedStreamId(row.id),
      title: row.name,
      categories: row.categories.map((name) => ({ id: labelStreamId(name), label: name, type: "folder" })),
      url: newsletterUrl(row.id),
      htmlUrl: row.websiteUrl ?? newsletterUrl(row.id),
      iconUrl: row.logoUrl ?? "",
    })),
  };
}

/**
 * Starred, the newsletters' categories (folders of feeds, as subscription/list names them) and the
 * reader's own folders (labels on items, FreshRSS's "tag"); a name that is both is listed once.
 */
export async function tagList(userId: number) {
  const { folders, categories } = await findLabels(userId);
  const asFolder = new Set(categories);
  return {
    tags: [
      { id: STATE.starred },
      ...categories.map((name) => ({ id: labelStreamId(name), type: "folder" })),
      ...folders.filter((name) => !asFolder.has(name)).map((name) => ({ id: labelStreamId(name), type: "tag" })),
    ],
  };
}

/** unread-count: each feed with unread items, and the reading list's total, as FreshRSS answers it. */
export async function unreadCounts(userId: number) {
  const feeds = await findUnreadCounts(userId);
  const unread = feeds.filter((feed) => feed.count > 0);
  const newest = feeds.reduce((latest, feed) => (BigInt(feed.newestUsec) > BigInt(latest) ? feed.newestUsec : latest), "0");
  const total = unread.reduce((sum, feed) => sum + feed.count, 0);
  return {
    max: total,
    unreadcounts: [
      ...unread.map((feed) => ({ id: feedStreamId(feed.newsletterId), count: feed.count, newestItemTimestampUsec: feed.newestUsec })),
      { id: STATE.readingList, count: total, newestItemTimestampUsec: newest },
    ],
  };
}

export type StreamParams = {
  stream: string;
  count?: string;
  continuation?: string;
  include: string[];
  exclude: string[];
  oldest?: string;
  newest?: string;
  order?: string;
};

function integerParam(name: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1) throw new BadRequestError(`${name} must be a positive whole number`);
  return Math.min(Number(raw), max);
}

// NetNewsWire sends `ot` as a Swift Double ("1714000000.123"); others send whole seconds.
function secondsParam(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^\d{1,12}(\.\d+)?$/.test(raw) || Number(raw) > MAX_EPOCH_SECONDS)
    throw new BadRequestError(`${name} must be a time in epoch seconds`);
  return Number(raw);
}

// An email's date_received as PostgreSQL writes it (ISO DateStyle): "2026-03-01 12:00:00.5+00".
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
const MAX_EMAIL_ID = 2_147_483_647;

/** Whether `text` is a time PostgreSQL reads (a continuation of the right shape may still name the 31st of February). */
function isTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes, offsetSeconds] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  return (
    year! >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours! <= 15 &&
    offsetMinutes! < 60 &&
    offsetSeconds! < 60
  );
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined || raw === "") return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      isTimestamp(value[0]) &&
      Number.isInteger(value[1]) &&
      value[1] > 0 &&
      value[1] <= MAX_EMAIL_ID
    )
      return { at: value[0], id: value[1] as number };
  } catch {
    // Not JSON: refused below like any other malformed continuation.
  }
  throw new BadRequestError("Malformed continuation");
}

function streamFilter(params: StreamParams): StreamFilter {
  return {
    stream: parseStream(params.stream),
    include: params.include.map(parseStream),
    exclude: params.exclude.map(parseStream),
    oldest: secondsParam("ot", params.oldest),
    newest: secondsParam("nt", params.newest),
  };
}

async function streamPage(userId: number, params: StreamParams, max: number) {
  const filter = streamFilter(params);
  const limit = integerParam("n", params.count, max) ?? DEFAULT_COUNT;
  const cursor = decodeCursor(params.continuation);
  const refs = await findItemRefs(userId, filter, { limit: limit + 1, oldestFirst: params.order === "o", cursor });
  const page = refs.slice(0, limit);
  const last = page.at(-1);
  return { refs: page, continuation: refs.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : undefined };
}

/** stream/items/ids: decimal ids; `continuation` only while more remain. */
export async function streamItemIds(userId: number, params: StreamParams) {
  const { refs, continuation } = await streamPage(userId, params, MAX_IDS);
  const itemRefs = refs.map((ref) => ({ id: String(ref.id), timestampUsec: ref.usec }));
  return continuation ? { itemRefs, continuation } : { itemRefs };
}

function toItem(row: ItemRow) {
  const seconds = Math.floor(Number(row.usec) / 1_000_000);
  const html = row.bodyHtml ? rewriteImages(row.bodyHtml, { origin: appOrigin }) : (row.summary ?? "");
  const link = emailUrl(row.id);
  return {
    id: longItemId(row.id),
    crawlTimeMsec: row.usec.slice(0, -3) || "0",
    timestampUsec: row.usec,
    published: seconds,
    updated: seconds,
    title: row.subject ?? "",
    author: row.senderName ?? row.newsletterName,
    canonical: [{ href: link }],
    alternate: [{ href: link, type: "text/html" }],
    summary: { direction: "ltr", content: html },
    categories: [
      STATE.readingList,
      ...(row.isRead ? [STATE.read] : []),
      ...(row.starred ? [STATE.starred] : []),
      ...row.labels.map(labelStreamId),
    ],
    origin: {
      streamId: feedStreamId(row.newsletterId),
      title: row.newsletterName,
      htmlUrl: row.websiteUrl ?? newsletterUrl(row.newsletterId),
    },
  };
}

/** stream/contents/<stream>: a page of whole items. */
export async function streamContents(userId: number, params: StreamParams) {
  const { refs, continuation } = await streamPage(userId, params, MAX_CONTENTS);
  const items = (
    await findItems(
      userId,
      refs.map((ref) => ref.id),
    )
  ).map(toItem);
  return {
    direction: "ltr",
    id: params.stream,
    title: "Paperboy",
    self: [{ href: `${appOrigin}/api/greader/reader/api/0/stream/contents/${params.stream}` }],
    updated: nowSeconds(),
    items,
    ...(continuation ? { continuation } : {}),
  };
}

/** stream/items/contents: the items `i` names (another reader's ids are left out). */
export async function itemContents(userId: number, rawIds: string[]) {
  if (rawIds.length === 0) throw new BadRequestError("Name at least one item with i");
  if (rawIds.length > MAX_IDS) throw new BadRequestError(`At most ${MAX_IDS} items at once`);
  const items = (await findItems(userId, parseItemIds(rawIds))).map(toItem);
  return { direction: "ltr", id: STATE.readingList, updated: nowSeconds(), items };
}

const isState = (tag: string, state: string) => tag.replace(/^user\/(?:-|\d+)\//, "user/-/") === state;

/**
 * edit-tag: `a` adds and `r` removes read or starred, as Paperboy's reads and favourites; adding
 * kept-unread marks unread and removing it marks read, as Miniflux reads it. Other tags (tracking-*,
 * like, labels) are accepted and change nothing.
 */
export async function editTag(userId: number, input: { ids: string[]; add: string[]; remove: string[] }): Promise<void> {
  if (input.ids.length === 0) throw new BadRequestError("Name at least one item with i");
  if (input.ids.length > MAX_IDS) throw new BadRequestError(`At most ${MAX_IDS} items at once`);
  if (input.add.length === 0 && input.remove.length === 0) throw new BadRequestError("Name a tag to add (a) or remove (r)");
  const ids = parseItemIds(input.ids);
  const adds = (state: string) => input.add.some((tag) => isState(tag, state));
  const removes = (state: string) => input.remove.some((tag) => isState(tag, state));
  const read = adds(STATE.read) || removes(STATE.keptUnread);
  const unread = removes(STATE.read) || adds(STATE.keptUnread);
  if (read && unread) throw new BadRequestError("An item cannot be marked read and unread at once");
  if (adds(STATE.starred) && removes(STATE.starred)) throw new BadRequestError("An item cannot be starred and unstarred at once");
  if (read) await insertReads(userId, ids);
  if (unread) await markUnread(userId, { email_ids: ids });
  if (adds(STATE.starred)) await insertFavorites(userId, ids);
  if (removes(STATE.starred)) await deleteFavorites(userId, ids);
}

/** mark-all-as-read: the stream's items received at or before `ts` (microseconds, as Google, Miniflux and FreshRSS read it). */
export async function markAllAsRead(userId: number, input: { stream?: string; before?: string }): Promise<void> {
  if (!input.stream) throw new BadRequestError("Name the stream with s");
  const stream: Stream = parseStream(input.stream);
  let newest: number | undefined;
  if (input.before !== undefined && input.before !== "") {
    if (!/^\d{1,19}$/.test(input.before)) throw new BadRequestError("ts must be a time in epoch microseconds");
    newest = Math.min(Number(input.before) / 1_000_000, MAX_EPOCH_SECONDS);
  }
  await markStreamRead(userId, { stream, include: [], exclude: [], newest });
}

/** The stream parameters of a stream/contents or stream/items/ids request, as every client names them. */
export function streamParams(form: URLSearchParams, stream: string | undefined): StreamParams {
  const named = stream ?? form.get("s");
  if (!named) throw new BadRequestError("Name the stream with s");
  return {
    stream: named,
    count: form.get("n") ?? undefined,
    continuation: form.get("c") ?? undefined,
    include: form.getAll("it"),
    exclude: form.getAll("xt"),
    oldest: form.get("ot") ?? undefined,
    newest: form.get("nt") ?? undefined,
    order: form.get("r") ?? undefined,
  };
}
