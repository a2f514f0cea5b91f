"use client";

import { IntentLink } from "../app-shell/intent-link";
import { errorMessage } from "@/lib/api/client";
import { formatShortDate } from "@/lib/format/date";
import { useRecentIssues } from "@/lib/client/recent-issues";
import { Alert } from "../ui/alert";
import { Spinner } from "../ui/spinner";

/** docs/spec.md's placeholder text of the section, shown while no issue of the newsletter is known. */
const PLACEHOLDER = "Recent issues functionality is being updated.";

export function RecentIssues({ newsletterId }: { newsletterId: number }) {
  const issues = useRecentIssues(newsletterId);
  return (
    <section aria-labelledby="recent-issues-title" className="space-y-3">
      <h2 id="recent-issues-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Recent Issues
      </h2>
      {issues.isPending ? (
        <Spinner label="Loading recent issues..." className="justify-start py-4" />
      ) : issues.isError ? (
        <Alert>{errorMessage(issues.error, "Failed to fetch recent newsletter issues")}</Alert>
      ) : issues.data.items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{PLACEHOLDER}</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {issues.data.items.map((issue) => (
            <li key={issue.id}>
              <IntentLink
                href={`/emails/${issue.id}`}
                className="flex flex-col gap-0.5 px-4 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500 dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60"
              >
                <span className="font-medium text-slate-900 dark:text-white">{issue.subject ?? "No Subject"}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">{formatShortDate(issue.date_received, "No Date")}</span>
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
