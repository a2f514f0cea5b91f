import { IntentLink } from "../app-shell/intent-link";
import { errorMessage } from "@/lib/api/client";
import { formatShortDate } from "@/lib/format/date";
import { useTrendingIssues } from "@/lib/client/newsletters";
import { NewsletterAvatar } from "../newsletter/newsletter-avatar";
import { Alert } from "../ui/alert";
import { Spinner } from "../ui/spinner";
import { Section } from "./section";
import { logoPath } from "@/lib/newsletters/logo-path";

/** docs/spec.md section 9: discover shows the first 8 trending issues. */
const SHOWN = 8;

export function TrendingIssues() {
  const trending = useTrendingIssues();
  return (
    <Section id="trending" title="Trending emails">
      {trending.isPending ? (
        <Spinner label="Loading trending emails..." className="py-6" />
      ) : trending.isError ? (
        <Alert>{errorMessage(trending.error, "Failed to fetch trending emails")}</Alert>
      ) : trending.data.length === 0 ? (
        <p className="rounded-xl bg-white px-4 py-6 text-center text-sm text-slate-500 dark:bg-slate-900 dark:text-slate-400">
          No trending emails this week.
        </p>
      ) : (
        <ol className="grid gap-2 sm:grid-cols-2" aria-label="Trending emails">
          {trending.data.slice(0, SHOWN).map((issue) => (
            <li key={issue.id}>
              <IntentLink
                href={`/emails/${issue.id}`}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 transition-colors hover:border-indigo-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700"
              >
                <NewsletterAvatar
                  src={logoPath(issue.newsletter_metadata.id, issue.newsletter_metadata.logoUrl)}
                  name={issue.newsletter_metadata.newsletter_name}
                  className="h-10 w-10 text-sm"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900 dark:text-white">{issue.subject ?? "No Subject"}</span>
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                    {issue.newsletter_metadata.newsletter_name} · {formatShortDate(issue.date_received, "No Date")}
                  </span>
                </span>
              </IntentLink>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
