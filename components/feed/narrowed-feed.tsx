"use client";

import Link from "next/link";
import { useCategories } from "@/lib/client/newsletters";
import { EmptyState } from "../ui/empty-state";
import { activeFilterLabels, clearLabel, cleared, matchCountText, noMatchText } from "./feed-match";
import { feedToParams, type FeedState } from "./feed-query";

function useFilterLabels(state: FeedState): string[] {
  const categories = useCategories();
  const category = categories.data?.find((item) => item.id === state.category_id)?.name ?? null;
  return activeFilterLabels(state, category);
}

function clearedUrl(state: FeedState): string {
  const query = feedToParams(cleared(state)).toString();
  return query ? `/feed?${query}` : "/feed";
}

/** A search or filter that found nothing: says what was searched and offers to clear it (the feed itself is not empty). */
export function NoMatch({ state }: { state: FeedState }) {
  const filters = useFilterLabels(state);
  return <EmptyState action={{ href: clearedUrl(state), label: clearLabel(state, filters) }}>{noMatchText(state, filters)}</EmptyState>;
}

/** How many issues the search or filters found, with the way back to the whole feed. */
export function MatchCount({ state, count }: { state: FeedState; count: number }) {
  const filters = useFilterLabels(state);
  return (
    <p role="status" className="flex flex-wrap items-baseline gap-x-3 text-sm text-slate-600 dark:text-slate-300">
      {matchCountText(count, state, filters)}
      <Link
        href={clearedUrl(state)}
        scroll={false}
        className="font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
      >
        {clearLabel(state, filters)}
      </Link>
    </p>
  );
}
