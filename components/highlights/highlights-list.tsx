"use client";

import { IntentLink } from "../app-shell/intent-link";
import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { formatShortDate } from "@/lib/format/date";
import { useMyHighlights, type ListedHighlight } from "@/lib/client/highlights";
import { useDebouncedValue } from "../discover/use-debounced-value";
import { Pagination } from "../feed/pagination";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { Spinner } from "../ui/spinner";
import { HIGHLIGHT_INK } from "./paint";

const SEARCH_DELAY_MS = 300;

/** The Highlights page: every highlight, newest first, searchable, with the Markdown and Readwise exports. */
export function HighlightsList() {
  const [input, setInput] = useState("");
  const search = useDebouncedValue(input.trim(), SEARCH_DELAY_MS);
  const [paged, setPaged] = useState({ search: "", page: 1 });
  // A new search starts again at its first page.
  const page = paged.search === search ? paged.page : 1;
  const highlights = useMyHighlights({ page, search });
  const data = highlights.data;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <label htmlFor="highlights-search" className="sr-only">
          Search highlights
        </label>
        <input
          id="highlights-search"
          type="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder="Search quotes, notes, issues and newsletters"
          autoComplete="off"
          className={inputClass}
        />
        <div className="flex shrink-0 gap-2">
          <a href="/api/users/me/highlights.md" download className={buttonClass("secondary", "px-3")}>
            Export Markdown
          </a>
          <a href="/api/users/me/highlights.csv" download className={buttonClass("secondary", "px-3")}>
            Export CSV
          </a>
        </div>
      </div>
      {highlights.isPending ? (
        <Spinner label="Loading highlights..." className="py-16" />
      ) : highlights.isError ? (
        <Alert>{errorMessage(highlights.error, "Error loading highlights")}</Alert>
      ) : data && data.items.length === 0 ? (
        search ? (
          <EmptyState>No highlights match your search.</EmptyState>
        ) : (
          <EmptyState action={{ href: "/feed", label: "Go to My Feed" }}>
            No highlights yet. Select text in an issue to highlight it or add a note.
          </EmptyState>
        )
      ) : (
        data && (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
              {data.total_items === 1 ? "1 highlight" : `${data.total_items} highlights`}
            </p>
            <ol aria-label="Highlights" className={`space-y-4 ${highlights.isPlaceholderData ? "opacity-60" : ""}`}>
              {data.items.map((item) => (
                <HighlightCard key={item.id} highlight={item} />
              ))}
            </ol>
            <Pagination
              page={page}
              totalPages={data.total_pages}
              disabled={highlights.isFetching}
              onPage={(next) => setPaged({ search, page: next })}
            />
          </>
        )
      )}
    </div>
  );
}

function HighlightCard({ highlight }: { highlight: ListedHighlight }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <blockquote
        className="break-words border-l-4 pl-3 text-slate-900 dark:text-slate-100"
        style={{ borderColor: HIGHLIGHT_INK[highlight.color].background }}
      >
        {highlight.quote}
      </blockquote>
      {highlight.note && (
        <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-600 dark:text-slate-300">{highlight.note}</p>
      )}
      <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-slate-500 dark:text-slate-400">
        <IntentLink
          href={`/emails/${highlight.email_id}`}
          className="font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
        >
          {highlight.subject || "No Subject"}
        </IntentLink>
        <span aria-hidden="true">·</span>
        <span>{highlight.newsletter_name}</span>
        <span aria-hidden="true">·</span>
        <span>{formatShortDate(highlight.created_at)}</span>
      </p>
    </li>
  );
}
