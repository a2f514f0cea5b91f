"use client";

import { useId } from "react";
import { errorMessage } from "@/lib/api/client";
import { savedSearchHref, useDeleteSavedSearch, useSavedSearches } from "@/lib/client/searches";
import { CloseIcon } from "../ui/icons";
import { SearchIcon } from "../ui/reader-icons";
import { IntentLink } from "./intent-link";

/** The reader's saved searches, each opening the feed with its query (docs/contract.md 7.4); nothing while there are none. */
export function SavedSearches({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const titleId = useId();
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const items = searches.data?.items ?? [];
  if (items.length === 0) return null;
  const forget = (id: number, name: string) => {
    if (window.confirm(`Delete the saved search "${name}"?`)) remove.mutate(id);
  };
  return (
    <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <h2
        id={titleId}
        className={compact ? "sr-only" : "mb-2 px-3 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400"}
      >
        Saved searches
      </h2>
      <ul aria-labelledby={titleId} className="space-y-1">
        {items.map((search) => (
          <li key={search.id} className="group flex items-center gap-1">
            <IntentLink
              href={savedSearchHref(search.query)}
              onClick={onNavigate}
              title={compact ? search.name : search.query}
              className={`flex min-w-0 flex-1 items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${
                compact ? "justify-center" : ""
              }`}
            >
              <SearchIcon width={16} height={16} className="shrink-0" />
              <span className={compact ? "sr-only" : "truncate"}>{search.name}</span>
            </IntentLink>
            {!compact && (
              <button
                type="button"
                onClick={() => forget(search.id, search.name)}
                aria-label={`Delete saved search ${search.name}`}
                className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                <CloseIcon width={14} height={14} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {remove.isError && (
        <p role="alert" className="mt-2 px-3 text-xs text-rose-700 dark:text-rose-300">
          {errorMessage(remove.error, "Could not delete the saved search.")}
        </p>
      )}
    </div>
  );
}
