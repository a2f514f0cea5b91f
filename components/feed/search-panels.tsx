"use client";

import { useId, useState } from "react";
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

/** The search operators' help, in the box over the cards under the search box. */
export function SearchTips() {
  return (
    <>
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
    </>
  );
}

/** Saving the active search under a name, which starts as the search itself. */
export function SaveSearchForm({ query, onDone }: { query: string; onDone: () => void }) {
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
