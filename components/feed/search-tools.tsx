"use client";

import { useEffect, useId, useRef, useState } from "react";
import { lazyComponent } from "../ui/lazy-component";

// Opened on request: fetched then, not with the feed (issue 41's budget).
const SearchTips = lazyComponent(() => import("./search-panels").then((module) => module.SearchTips));
const SaveSearchForm = lazyComponent(() => import("./search-panels").then((module) => module.SaveSearchForm));

const linkButton =
  "text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300";

/** Under the search box: the operators' help, and saving the active search under a name. */
export function SearchTools({ search }: { search: string }) {
  const id = useId();
  const [helpOpen, setHelpOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const tipsButton = useRef<HTMLButtonElement>(null);
  // Escape closes the tips wherever the focus is, and hands it back to their button.
  useEffect(() => {
    if (!helpOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setHelpOpen(false);
      tipsButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [helpOpen]);
  return (
    <div className="relative space-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <button
          ref={tipsButton}
          type="button"
          aria-expanded={helpOpen}
          aria-controls={`${id}-help`}
          onClick={() => setHelpOpen((open) => !open)}
          className={linkButton}
        >
          Search tips
        </button>
        {search && !naming && (
          <button type="button" onClick={() => setNaming(true)} className={linkButton}>
            Save this search
          </button>
        )}
      </div>
      {/* Over the cards, not above them: opening the tips moves nothing, and Escape closes them. */}
      {helpOpen && (
        <div
          id={`${id}-help`}
          className="absolute left-0 top-full z-20 mt-1 w-[min(36rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          <SearchTips />
        </div>
      )}
      {search && naming && <SaveSearchForm key={search} query={search} onDone={() => setNaming(false)} />}
    </div>
  );
}
