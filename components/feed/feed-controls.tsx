"use client";

import { useEffect, useId, useRef, useState } from "react";
import { buttonClass, inputClass } from "../ui/button";
import { SearchIcon } from "../ui/reader-icons";
import { SortIcon } from "./view-icons";
import { FeedFilters } from "./feed-filters";
import { withFilters, type FeedState } from "./feed-query";
import type { FeedUpdate } from "./use-feed-state";
import { MarkAllRead } from "./mark-all-read";
import { SearchTools } from "./search-tools";
import { ViewToggle } from "./view-toggle";

const SEARCH_DEBOUNCE_MS = 500;

type Props = { state: FeedState; onChange: (update: FeedUpdate) => void };

export function FeedControls({ state, onChange }: Props) {
  const id = useId();
  // The filters and sort fold away behind one button, so the first screen is the reader's issues.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [
    state.category_id,
    state.subscription_status,
    state.read_status,
    state.recency_filter === "all_time" ? null : state.recency_filter,
  ].filter((value) => value !== null).length;

  return (
    <section aria-label="Feed controls" className="space-y-2">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <SearchBox value={state.search} onSearch={(search) => onChange((current) => withFilters(current, { search }))} />
        </div>
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls={`${id}-filters`}
          aria-label={`Filters${activeFilters ? `, ${activeFilters} active` : ""}`}
          onClick={() => setFiltersOpen((open) => !open)}
          className={buttonClass(activeFilters ? "primary" : "secondary", "shrink-0 gap-2 px-3")}
        >
          <SortIcon width={18} height={18} />
          Filters
          {activeFilters > 0 && (
            <span className="rounded-full bg-white/90 px-1.5 text-xs font-semibold text-indigo-700 dark:bg-slate-900/80 dark:text-indigo-200">
              {activeFilters}
            </span>
          )}
        </button>
      </div>
      {/* Shipped with the feed rather than fetched on opening, so a keyboard reader's Tab after Enter lands in it. */}
      {filtersOpen && (
        <div
          id={`${id}-filters`}
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
        >
          <FeedFilters id={`${id}-filters`} state={state} onChange={onChange} />
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <SearchTools search={state.search.trim()} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <MarkAllRead state={state} />
          {/* A phone shows one column whichever is chosen, so the choice is not offered there. */}
          <div className="max-sm:hidden">
            <ViewToggle value={state.view} onChange={(view) => onChange((current) => ({ ...current, view }))} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** Typing waits 500 ms (docs/spec.md section 9) before it becomes a search; a URL change (back button) wins. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (term: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [synced, setSynced] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  if (value !== synced) {
    setSynced(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value.trim()) return;
    const timer = window.setTimeout(() => latest.current(draft.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, value]);

  return (
    <div className="relative">
      <label htmlFor="feed-search" className="sr-only">
        Search your feed
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400" />
      <input
        id="feed-search"
        type="search"
        value={draft}
        maxLength={200}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Search subject, sender or text"
        className={`${inputClass} pl-10`}
      />
    </div>
  );
}
