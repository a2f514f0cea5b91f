"use client";

import { buttonClass } from "../ui/button";

type Props = { page: number; totalPages: number; disabled: boolean; onPage: (page: number) => void };

/** Previous, a window of page numbers and next; the feed decides whether a change counts. */
export function Pagination({ page, totalPages, disabled, onPage }: Props) {
  if (totalPages <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, totalPages - 4));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, index) => first + index);
  const pageButton = (active: boolean) =>
    `inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
      active
        ? "bg-indigo-600 text-white dark:bg-indigo-500"
        : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    }`;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      <button type="button" onClick={() => onPage(page - 1)} disabled={disabled || page <= 1} className={buttonClass("ghost", "px-3")}>
        Previous
      </button>
      {pages.map((number) => (
        <button
          key={number}
          type="button"
          onClick={() => onPage(number)}
          disabled={disabled && number !== page}
          aria-current={number === page ? "page" : undefined}
          aria-label={`Page ${number}`}
          className={pageButton(number === page)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={disabled || page >= totalPages}
        className={buttonClass("ghost", "px-3")}
      >
        Next
      </button>
    </nav>
  );
}
