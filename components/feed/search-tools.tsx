"use client";

import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useSaveSearch } from "@/lib/client/searches";
import { buttonClass, inputClass } from "../ui/button";

const OPERATORS: [example: string, meaning: string][] = [
  ["from:news@example.com", "from that address"],
  ["from:example.com", "from anyone at that domain"],
  ['newsletter:"Money Stuff"', "from a newsletter whose name holds these words"],
  ["folder:Work", "in that folder of yours"],
  ["is:unread, is:read, is:liked, is:favorite", "in that state"],
  ["after:2024-01-31", "received on or after that day (UTC)"],
  ["before:2024-01-31", "received before that day (UTC)"],
  ['"exact phrase"', "with these words in this order"],
  ["-word", "without that word"],
];

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
          <p className="mb-2">Words find issues that hold them all. Narrow further with:</p>
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            {OPERATORS.map(([example, meaning]) => (
              <div key={example} className="contents">
                <dt>
                  <code className="font-mono text-xs">{example}</code>
                </dt>
                <dd className="text-slate-600 dark:text-slate-300">{meaning}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {search && naming && <SaveSearchForm key={search} query={search} onDone={() => setNaming(false)} />}
    </div>
  );
}

function SaveSearchForm({ query, onDone }: { query: string; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(query.slice(0, 100));
  const save = useSaveSearch();
  return (
    <form
      aria-label="Save this search"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ name: name.trim(), query }, { onSuccess: onDone });
      }}
      className="flex flex-wrap items-end gap-2"
    >
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-name`} className="mb-1 block text-xs font-medium text-slate-500 dark:text-slate-400">
          Name of the saved search
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          required
          autoFocus
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") onDone();
          }}
          className={inputClass}
        />
      </div>
      <button type="submit" disabled={save.isPending || name.trim() === ""} className={buttonClass("primary")}>
        Save
      </button>
      <button type="button" onClick={onDone} className={buttonClass("secondary")}>
        Cancel
      </button>
      {save.isError && (
        <p role="alert" className="w-full text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(save.error, "Could not save the search.")}
        </p>
      )}
    </form>
  );
}
