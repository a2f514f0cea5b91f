import { BadRequestError } from "@/lib/api/errors";

/**
 * Item and stream ids of the Google Reader API, as Miniflux (internal/googlereader) and FreshRSS
 * (p/api/greader.php) serve them: docs/api.md, "Other ways in and out".
 * An item is an email of the reader: its id as 16 lowercase hex digits after the tag prefix, and as a
 * decimal number in stream/items/ids.
 */
const ITEM_PREFIX = "tag:google.com,2005:reader/item/";
const HEX = /^[0-9a-f]{1,16}$/i;
// The short form stream/items/ids hands out, and clients send back as they got it.
const DECIMAL = /^[1-9]\d{0,18}$/;
// email.id is a PostgreSQL integer: a larger number names no email, yet is well formed.
const MAX_EMAIL_ID = 2_147_483_647;

export function longItemId(emailId: number): string {
  return ITEM_PREFIX + emailId.toString(16).padStart(16, "0");
}

/**
 * The email an item id names, read as FreshRSS reads `i`: the long form is hex; a bare id of digits only
 * without a leading zero is the decimal short form of stream/items/ids; any other bare id is hex
 * (ReadYou's zero-padded 16 digits, an unpadded hex id with a letter). Null for a well-formed id beyond
 * any email; anything else is a 400.
 */
export function parseItemId(raw: string): number | null {
  const long = raw.startsWith(ITEM_PREFIX);
  const digits = long ? raw.slice(ITEM_PREFIX.length) : raw;
  let value: bigint;
  if (!long && DECIMAL.test(digits)) value = BigInt(digits);
  else if (HEX.test(digits)) value = BigInt(`0x${digits}`);
  else throw new BadRequestError(`Malformed item id: ${printable(raw).slice(0, 80)}`);
  return value > 0n && value <= BigInt(MAX_EMAIL_ID) ? Number(value) : null;
}

/** A client's value as an error quotes it: control characters (a NUL, a line break) shown as "?". */
function printable(raw: string): string {
  return raw.replace(/[\u0000-\u001f\u007f]/g, "?");
}

/** The emails named by `i` values, once each, in the order given; ids beyond any email are left out. */
export function parseItemIds(raw: string[]): number[] {
  const ids = raw.map(parseItemId).filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

export const STATE = {
  readingList: "user/-/state/com.google/reading-list",
  read: "user/-/state/com.google/read",
  starred: "user/-/state/com.google/starred",
  keptUnread: "user/-/state/com.google/kept-unread",
} as const;

export type Stream =
  | { kind: "reading-list" }
  | { kind: "read" }
  | { kind: "starred" }
  | { kind: "feed"; newsletterId: number }
  | { kind: "label"; name: string };

const USER_PART = /^user\/(?:-|\d+)\//;
const UNSTORABLE = /\u0000|\p{Cs}/u;

/** A stream id as clients send it (`user/-/...` or with the numeric user id, Google's own form); unknown ones are a 400. */
export function parseStream(raw: string): Stream {
  const id = raw.replace(USER_PART, "user/-/");
  if (id === STATE.readingList) return { kind: "reading-list" };
  if (id === STATE.read) return { kind: "read" };
  if (id === STATE.starred) return { kind: "starred" };
  // PostgreSQL's text holds no NUL nor broken Unicode, so no folder's name does: a label with one is no stream of ours.
  if (id.startsWith("user/-/label/") && id.length > "user/-/label/".length && !UNSTORABLE.test(id))
    return { kind: "label", name: id.slice("user/-/label/".length) };
  const feed = /^feed\/(\d{1,10})$/.exec(id);
  if (feed && Number(feed[1]) <= MAX_EMAIL_ID) return { kind: "feed", newsletterId: Number(feed[1]) };
  throw new BadRequestError(`Unknown stream: ${printable(raw).slice(0, 120)}`);
}

export const feedStreamId = (newsletterId: number) => `feed/${newsletterId}`;
export const labelStreamId = (name: string) => `user/-/label/${name}`;
