"use client";

import { IntentLink } from "../app-shell/intent-link";
import { formatShortDate } from "@/lib/format/date";
import { useRecentIssues } from "@/lib/client/recent-issues";

const SHOWN = 5;

export function RecentIssues({ newsletterId, currentId }: { newsletterId: number | null; currentId: number }) {
  const recent = useRecentIssues(newsletterId);
  const others = (recent.data?.items ?? []).filter((issue) => issue.id !== currentId).slice(0, SHOWN);
  return (
    <section
      aria-labelledby="recent-issues-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="recent-issues-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
        Recent Issues
      </h2>
      {newsletterId !== null && recent.isPending ? (
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          Loading recent issues...
        </p>
      ) : recent.isError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          Could not load recent issues.
        </p>
      ) : others.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No other recent issues found.</p>
      ) : (
        <ul className="space-y-1">
          {others.map((issue) => (
            <li key={issue.id}>
              <IntentLink
                href={`/emails/${issue.id}`}
                className="block rounded-lg px-2 py-2 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:bg-slate-800"
              >
                <span className="block break-words text-sm font-medium text-slate-800 dark:text-slate-100">
                  {issue.subject || "No Subject"}
                </span>
                <span className="text-xs text-slate-500 dark:text-slate-400">{formatShortDate(issue.date_received, "No Date")}</span>
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
