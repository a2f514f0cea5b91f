"use client";

import { IntentLink } from "../app-shell/intent-link";
import { formatCount } from "@/lib/format/count";
import type { Newsletter } from "@/lib/client/newsletters";
import { useSubscriptionTo } from "@/lib/client/subscriptions";
import { NewsletterAvatar } from "../newsletter/newsletter-avatar";
import { FollowFeedButton } from "../newsletter/follow-feed-button";
import { buttonClass } from "../ui/button";
import { logoPath } from "@/lib/newsletters/logo-path";

/** One catalog entry: who writes it, what it is, how often it comes, and a way to subscribe. */
export function NewsletterCard({
  newsletter,
  onSubscribe,
  className = "",
}: {
  newsletter: Newsletter;
  onSubscribe: (newsletter: Newsletter) => void;
  className?: string;
}) {
  const subscribed = useSubscriptionTo(newsletter.id).data?.status === "active";
  // A count of nothing says nothing about a newsletter (as on its page, docs/spec.md section 2): it is left out.
  const facts = [
    newsletter.total_subscribers > 0 &&
      `${formatCount(newsletter.total_subscribers)} ${newsletter.total_subscribers === 1 ? "subscriber" : "subscribers"}`,
    newsletter.sending_frequency,
    newsletter.total_issues > 0 && `${formatCount(newsletter.total_issues)} ${newsletter.total_issues === 1 ? "issue" : "issues"}`,
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <article
      className={`relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-indigo-500 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <div className="flex items-start gap-3">
        <NewsletterAvatar src={logoPath(newsletter.id, newsletter.logoUrl)} name={newsletter.name} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900 dark:text-white">
            <IntentLink href={`/newsletter/${newsletter.id}`} className="after:absolute after:inset-0 focus:outline-none">
              {newsletter.name}
            </IntentLink>
          </h3>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">{newsletter.publisher}</p>
        </div>
      </div>
      <p className="line-clamp-3 flex-1 text-sm text-slate-600 dark:text-slate-300">{newsletter.description ?? "No description yet."}</p>
      {facts.length > 0 && (
        <p className="flex flex-wrap gap-x-2 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          {facts.map((fact, index) => (
            <span key={fact} className="whitespace-nowrap">
              {index > 0 && (
                <span aria-hidden="true" className="mr-2">
                  ·
                </span>
              )}
              {fact}
            </span>
          ))}
        </p>
      )}
      <div className="flex flex-col gap-2">
        {subscribed ? (
          <p className="relative z-10 rounded-lg bg-emerald-50 py-2 text-center text-sm font-semibold text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300">
            Subscribed
          </p>
        ) : (
          <button
            type="button"
            onClick={() => onSubscribe(newsletter)}
            className={buttonClass("secondary", "relative z-10 w-full py-2")}
            aria-label={`Subscribe to ${newsletter.name}`}
          >
            Subscribe
          </button>
        )}
        {newsletter.feed_url && <FollowFeedButton newsletter={newsletter} feedUrl={newsletter.feed_url} />}
      </div>
    </article>
  );
}
