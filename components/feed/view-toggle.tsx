"use client";

import type { ComponentType, SVGProps } from "react";
import { ColumnsIcon, GridIcon, ListIcon } from "./view-icons";
import type { FeedView } from "./feed-query";

const VIEWS: { value: FeedView; label: string; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { value: "one", label: "1 column", icon: ListIcon },
  { value: "two", label: "2 columns", icon: ColumnsIcon },
  { value: "grid", label: "Grid", icon: GridIcon },
];

export function ViewToggle({ value, onChange }: { value: FeedView; onChange: (view: FeedView) => void }) {
  return (
    <div role="group" aria-label="View" className="flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-700">
      {VIEWS.map(({ value: view, label, icon: Icon }) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          aria-label={label}
          title={label}
          onClick={() => onChange(view)}
          className={`inline-flex h-8 w-9 items-center justify-center rounded-md transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
            value === view
              ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
              : "text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
          }`}
        >
          <Icon width={18} height={18} />
        </button>
      ))}
    </div>
  );
}
