import { RECENCY_FILTERS, SORT_FIELDS } from "@/lib/issues/feed-options";

export type SortField = (typeof SORT_FIELDS)[number];
type SortOrder = "asc" | "desc";
type Recency = (typeof RECENCY_FILTERS)[number];
type ReadFilter = "read" | "unread";
type SubscriptionFilter = "subscribed" | "unsubscribed";
export type FeedView = "one" | "two" | "grid";

/** What the feed shows; a filter at 'all' is null (docs/spec.md section 2), and the URL holds all of it. */
export type FeedState = {
  page: number;
  search: string;
  category_id: number | null;
  subscription_status: SubscriptionFilter | null;
  read_status: ReadFilter | null;
  recency_filter: Recency;
  sort_by: SortField;
  sort_order: SortOrder;
  view: FeedView;
};

export const DEFAULT_FEED: FeedState = {
  page: 1,
  search: "",
  category_id: null,
  subscription_status: null,
  read_status: null,
  recency_filter: "all_time",
  sort_by: "date_received",
  sort_order: "desc",
  view: "two",
};

const PAGE_SIZE = 20;

/** Whether the feed shows everything the reader has: then an empty one means no mail has arrived yet. */
export function isUnfiltered(state: FeedState): boolean {
  return (
    state.search.trim() === "" &&
    state.category_id === null &&
    state.subscription_status === null &&
    state.read_status === null &&
    state.recency_filter === DEFAULT_FEED.recency_filter
  );
}

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

function positive(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= 2_147_483_647 ? value : null;
}

export function feedFromParams(params: URLSearchParams): FeedState {
  return {
    page: positive(params.get("page")) ?? 1,
    search: (params.get("search") ?? "").slice(0, 200),
    category_id: positive(params.get("category")),
    subscription_status: oneOf(["subscribed", "unsubscribed"] as const, params.get("subscription")),
    read_status: oneOf(["read", "unread"] as const, params.get("read")),
    recency_filter: oneOf(RECENCY_FILTERS, params.get("recency")) ?? DEFAULT_FEED.recency_filter,
    sort_by: oneOf(SORT_FIELDS, params.get("sort")) ?? DEFAULT_FEED.sort_by,
    sort_order: oneOf(["asc", "desc"] as const, params.get("order")) ?? DEFAULT_FEED.sort_order,
    view: oneOf(["one", "two", "grid"] as const, params.get("view")) ?? DEFAULT_FEED.view,
  };
}

/** Only what differs from the defaults goes in the URL, so page 1 and 'all' leave no trace. */
export function feedToParams(state: FeedState): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | null, fallback: string | number | null) => {
    if (value !== null && value !== "" && value !== fallback) params.set(key, String(value));
  };
  put("search", state.search.trim(), "");
  put("category", state.category_id, null);
  put("subscription", state.subscription_status, null);
  put("read", state.read_status, null);
  put("recency", state.recency_filter, DEFAULT_FEED.recency_filter);
  put("sort", state.sort_by, DEFAULT_FEED.sort_by);
  put("order", state.sort_order, DEFAULT_FEED.sort_order);
  put("view", state.view, DEFAULT_FEED.view);
  put("page", state.page, 1);
  return params;
}

/** The query of GET /api/issues/feed; the view is the screen's business only. */
export function feedApiParams(state: FeedState): URLSearchParams {
  const params = new URLSearchParams({
    page: String(state.page),
    page_size: String(PAGE_SIZE),
    sort_by: state.sort_by,
    sort_order: state.sort_order,
    recency_filter: state.recency_filter,
  });
  if (state.category_id !== null) params.set("category_id", String(state.category_id));
  if (state.read_status) params.set("read_status", state.read_status);
  if (state.subscription_status) params.set("subscription_status", state.subscription_status);
  if (state.search.trim()) params.set("search", state.search.trim());
  return params;
}

/** How many pending confirmations the feed's first page holds at most. */
const PENDING_PAGE_SIZE = 10;

/**
 * The query of the confirmations waiting above the feed: unread ones matching the reader's search and
 * filters, on the first page only. None when the reader asked for read issues.
 */
export function pendingConfirmationParams(state: FeedState): URLSearchParams | null {
  if (state.page !== 1 || state.read_status === "read") return null;
  // `kind` first, as this list has always been asked for (`/api/issues/feed?kind=confirmation...`): what waits
  // on it, in logs or tests, knows it at a glance.
  const params = new URLSearchParams({ kind: "confirmation" });
  for (const [key, value] of feedApiParams(state)) if (key !== "kind") params.set(key, value);
  params.set("page_size", String(PENDING_PAGE_SIZE));
  params.set("read_status", "unread");
  return params;
}

/**
 * The issues that carry their newsletter's confirm-subscription icon: the first shown of each newsletter
 * the reader has not confirmed, so a feed of one newsletter's issues does not repeat it on every card.
 */
export function subscriptionOffers(
  emails: { id: number; kind: string; is_subscribed: boolean; newsletter_metadata_id: number | null }[],
): Set<number> {
  const offered = new Set<number>();
  const newsletters = new Set<number>();
  for (const email of emails) {
    if (email.is_subscribed || email.kind !== "issue") continue;
    if (email.newsletter_metadata_id !== null && newsletters.has(email.newsletter_metadata_id)) continue;
    if (email.newsletter_metadata_id !== null) newsletters.add(email.newsletter_metadata_id);
    offered.add(email.id);
  }
  return offered;
}

/**
 * The query of POST /api/issues/feed/mark-read: the feed's filters and search, without paging or sort.
 * Only issues: a confirmation waits at the top of the feed until the reader acts on it.
 */
export function markReadParams(state: FeedState): URLSearchParams {
  const params = feedApiParams(state);
  for (const key of ["page", "page_size", "sort_by", "sort_order"]) params.delete(key);
  params.set("kind", "issue");
  return params;
}

/** The active column flips its order; a new column starts ascending. */
export function nextSort(state: Pick<FeedState, "sort_by" | "sort_order">, column: SortField): Pick<FeedState, "sort_by" | "sort_order"> {
  if (state.sort_by === column) return { sort_by: column, sort_order: state.sort_order === "asc" ? "desc" : "asc" };
  return { sort_by: column, sort_order: "asc" };
}

type FilterChange = Partial<
  Pick<FeedState, "search" | "category_id" | "subscription_status" | "read_status" | "recency_filter" | "sort_by" | "sort_order">
>;

/** A new search or filter starts again at page 1. */
export function withFilters(state: FeedState, change: FilterChange): FeedState {
  return { ...state, ...change, page: 1 };
}

/** A page change that counts: not while loading, not the same page, not out of range. */
export function acceptPage(current: number, target: number, totalPages: number, loading: boolean): boolean {
  if (loading || target === current || !Number.isInteger(target)) return false;
  return target >= 1 && target <= Math.max(totalPages, 1);
}

/** "all" in a select means null in the state. */
export function allToNull<T extends string>(value: string, values: readonly T[]): T | null {
  return value === "all" ? null : oneOf(values, value);
}
