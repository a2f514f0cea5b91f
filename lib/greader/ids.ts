import { BadRequestError } from "@/lib/api/errors";

/**
 * Item and stream ids of the Google Reader API, as Miniflux (internal/googlereader) and FreshRSS
 * (p/api/greader.php) serve them: docs/api.md, "Other ways in and out".
 * An item is an email of the reader: its id as 16 lowercase hex digits after the tag prefix, and as a
 * decimal number in stream/items/ids.
 */
const ITEM_PREFIX = "tag:google.com,2005:reader/item/";
const HEX = /^[0-9a-f]{1,16}$/i;
// email.id is a PostgreSQL integer: a larger number names no email, yet is well formed.
const MAX_EMAIL_ID = 2_147_483_647;

export function longItemId(emailId: number): string {
  return ITEM_PREFIX + emailId.toString(16).padStart(16, "0");
}

/**
 * The email an item id names: the long form, or its bare hex part, as NetNewsWire (unpadded hex) and
 * ReadYou (16 digits) send it in `i`; null for a well-formed id beyond any email. Anything else is a 400.
 */
export function parseItemId(raw: string): number | null {
  const hex = raw.startsWith(ITEM_PREFIX) ? raw.slice(ITEM_PREFIX.length) : raw;
  if (!HEX.test(hex)) throw new BadRequestError(`Malformed item id: ${raw.slice(0, 80)}`);
  const value = BigInt(`0x${hex}`);
  return value > 0n && value <= BigInt(MAX_EMAIL_ID) ? Number(value) : null;
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

/** A stream id as clients send it (`user/-/...` or with the numeric user id, Google's own form); unknown ones are a 400. */
export function parseStream(raw: string): Stream {
  const id = raw.replace(USER_PART, "user/-/");
  if (id === STATE.readingList) return { kind: "reading-list" };
  if (id === STATE.read) return { kind: "read" };
  if (id === STATE.starred) return { kind: "starred" };
  if (id.startsWith("user/-/label/") && id.length > "user/-/label/".length)
    return { kind: "label", name: id.slice("user/-/label/".length) };
  const feed = /^feed\/(\d{1,10})$/.exec(id);
  if (feed && Number(feed[1]) <= MAX_EMAIL_ID) return { kind: "feed", newsletterId: Number(feed[1]) };
  throw new BadRequestError(`Unknown stream: ${raw.slice(0, 120)}`);
}

export const feedStreamId = (newsletterId: number) => `feed/${newsletterId}`;
export const labelStreamId = (name: string) => `user/-/label/${name}`;
