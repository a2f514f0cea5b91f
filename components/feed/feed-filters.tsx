"use client";

import type { ReactNode } from "react";
import { RECENCY_FILTERS, SORT_FIELDS } from "@/lib/issues/feed-options";
import { useCategories } from "@/lib/client/newsletters";
import { inputClass } from "../ui/button";
import { ArrowUpIcon } from "../ui/reader-icons";
import { RECENCY_LABELS } from "./feed-match";
import { allToNull, nextSort, withFilters, type FeedState, type SortField } from "./feed-query";
import type { FeedUpdate } from "./use-feed-state";

const SORT_LABELS: Record<SortField, string> = {
  date_received: "Date",
  subject: "Subject",
  sender_name: "Sender",
  time_to_read: "Read time",
};

const selectClass = `${inputClass} py-2 pr-8`;

type Props = { state: FeedState; onChange: (update: FeedUpdate) => void };

/** The feed's filters and sort, in the panel behind the Filters button: `id` is the panel's, its fields' ids start with it. */
export function FeedFilters({ id, state, onChange }: Props & { id: string }) {
  const categories = useCategories();
  return (
    <>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        <Select
          id={`${id}-category`}
          label="Category"
          value={state.category_id === null ? "all" : String(state.category_id)}
          onChange={(value) => onChange((current) => withFilters(current, { category_id: value === "all" ? null : Number(value) }))}
        >
          <option value="all">All categories</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.emoji} {category.name}
            </option>
          ))}
        </Select>
        <Select
          id={`${id}-subscription`}
          label="Subscription"
          value={state.subscription_status ?? "all"}
          onChange={(value) =>
            onChange((current) => withFilters(current, { subscription_status: allToNull(value, ["subscribed", "unsubscribed"] as const) }))
          }
        >
          <option value="all">All</option>
          <option value="subscribed">Subscribed</option>
          <option value="unsubscribed">Unconfirmed</option>
        </Select>
        <Select
          id={`${id}-read`}
          label="Read status"
          value={state.read_status ?? "all"}
          onChange={(value) => onChange((current) => withFilters(current, { read_status: allToNull(value, ["read", "unread"] as const) }))}
        >
          <option value="all">All</option>
          <option value="unread">Unread</option>
          <option value="read">Read</option>
        </Select>
        <Select
          id={`${id}-recency`}
          label="Received"
          value={state.recency_filter}
          onChange={(value) =>
            onChange((current) => withFilters(current, { recency_filter: RECENCY_FILTERS.find((item) => item === value) ?? "all_time" }))
          }
        >
          {RECENCY_FILTERS.map((value) => (
            <option key={value} value={value}>
              {RECENCY_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      <SortButtons state={state} onChange={onChange} />
    </>
  );
}

function SortButtons({ state, onChange }: Props) {
  return (
    <div role="group" aria-label="Sort by" className="flex flex-wrap items-center gap-1">
      <span className="mr-1 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">Sort</span>
      {SORT_FIELDS.map((column) => {
        const active = state.sort_by === column;
        return (
          <button
            key={column}
            type="button"
            aria-pressed={active}
            aria-label={`Sort by ${SORT_LABELS[column]}${active ? `, ${state.sort_order === "asc" ? "ascending" : "descending"}` : ""}`}
            onClick={() => onChange((current) => withFilters(current, nextSort(current, column)))}
            className={`inline-flex h-8 items-center gap-1 rounded-full px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
              active
                ? "bg-indigo-600 text-white dark:bg-indigo-500"
                : "bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
            }`}
          >
            {SORT_LABELS[column]}
            {active && <ArrowUpIcon width={14} height={14} className={state.sort_order === "desc" ? "rotate-180" : ""} />}
          </button>
        );
      })}
    </div>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-500 dark:text-slate-400">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {children}
      </select>
    </div>
  );
}
