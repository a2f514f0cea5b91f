import { DEFAULT_FEED, type FeedState } from "./feed-query";

export const RECENCY_LABELS: Record<FeedState["recency_filter"], string> = {
  all_time: "All time",
  last_7_days: "Last 7 days",
  last_30_days: "Last 30 days",
  last_90_days: "Last 90 days",
};

const SUBSCRIPTION_LABELS = { subscribed: "Subscribed", unsubscribed: "Unconfirmed" } as const;
const READ_LABELS = { read: "Read", unread: "Unread" } as const;

/** The filters in force, as their controls name them: category, subscription, read status, received. */
export function activeFilterLabels(state: FeedState, categoryName: string | null): string[] {
  const labels: string[] = [];
  if (state.category_id !== null) labels.push(categoryName ?? "One category");
  if (state.subscription_status) labels.push(SUBSCRIPTION_LABELS[state.subscription_status]);
  if (state.read_status) labels.push(READ_LABELS[state.read_status]);
  if (state.recency_filter !== DEFAULT_FEED.recency_filter) labels.push(RECENCY_LABELS[state.recency_filter]);
  return labels;
}

/** What narrowed the feed, as the end of a sentence: `your search for "x" with these filters: Unread`. */
function searched(state: FeedState, filters: string[]): string {
  const search = state.search.trim();
  const term = search ? `your search for \u201c${search}\u201d` : "";
  const list = filters.length ? `${filters.length === 1 ? "this filter" : "these filters"}: ${filters.join(", ")}` : "";
  return term && list ? `${term} with ${list}` : term || list;
}

/** A search or filter that found nothing says so and names what was searched (the feed is not empty). */
export function noMatchText(state: FeedState, filters: string[]): string {
  return `No issues match ${searched(state, filters)}.`;
}

/** How many issues a search or filter found. */
export function matchCountText(count: number, state: FeedState, filters: string[]): string {
  return `${count} ${count === 1 ? "issue matches" : "issues match"} ${searched(state, filters)}.`;
}

/** The button that clears what narrowed the feed, named for it. */
export function clearLabel(state: FeedState, filters: string[]): string {
  const search = state.search.trim() !== "";
  if (search && filters.length) return "Clear search and filters";
  return search ? "Clear search" : filters.length === 1 ? "Clear filter" : "Clear filters";
}

/** The feed as it is with the search and filters cleared: the reader's sort and view stay. */
export function cleared(state: FeedState): FeedState {
  return { ...DEFAULT_FEED, sort_by: state.sort_by, sort_order: state.sort_order, view: state.view };
}
