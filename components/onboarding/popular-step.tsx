"use client";

import Link from "next/link";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { NewsletterLogo } from "../ui/newsletter-logo";
import { Spinner } from "../ui/spinner";
import { usePopularNewsletters, type PopularNewsletter } from "./popular-newsletters";
import { logoPath } from "@/lib/newsletters/logo-path";

type Props = { onBack: () => void; onFinish: () => void; finishing: boolean; finishError: string | null };

/** Step 3: popular newsletters to start with; opening one also ends onboarding. */
export function PopularStep({ onBack, onFinish, finishing, finishError }: Props) {
  const popular = usePopularNewsletters();

  return (
    <div className="space-y-6">
      <div className="space-y-2 text-center">
        <h2 id="onboarding-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          Popular newsletters
        </h2>
        <p className="text-slate-600 dark:text-slate-300">A few favourites among Paperboy readers. Open one to learn more.</p>
      </div>
      <div className="min-h-24">
        {popular.isPending ? (
          <Spinner label="Loading newsletters..." className="py-8" />
        ) : popular.isError ? (
          <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            Popular newsletters could not be loaded right now. You can find them later in Discover.
          </p>
        ) : popular.data.length === 0 ? (
          <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            No newsletters to display.
          </p>
        ) : (
          <ul className="space-y-2" aria-label="Popular newsletters">
            {popular.data.slice(0, 6).map((newsletter) => (
              <li key={newsletter.id}>
                <NewsletterRow newsletter={newsletter} onOpen={onFinish} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {finishError && <Alert>{finishError}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <button type="button" onClick={onBack} className={buttonClass("ghost")}>
          Back
        </button>
        <button type="button" onClick={onFinish} disabled={finishing} className={buttonClass("primary", "sm:min-w-40")}>
          {finishing ? "Updating..." : "Explore The App"}
        </button>
      </div>
    </div>
  );
}

function NewsletterRow({ newsletter, onOpen }: { newsletter: PopularNewsletter; onOpen: () => void }) {
  return (
    <Link
      href={`/newsletters/${newsletter.id}`}
      onClick={onOpen}
      className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 transition-colors hover:border-indigo-300 hover:bg-indigo-50/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-800 dark:hover:border-indigo-800 dark:hover:bg-indigo-950/40"
    >
      <NewsletterLogo src={logoPath(newsletter.id, newsletter.logoUrl)} name={newsletter.name} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900 dark:text-white">{newsletter.name}</span>
        <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
          {newsletter.publisher || newsletter.description || "N/A"}
        </span>
      </span>
      {/* The name alone: a category's emoji shows as a missing-glyph box where the system has no emoji font. */}
      {newsletter.categories?.[0] && (
        <span className="hidden shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600 sm:inline dark:bg-slate-800 dark:text-slate-300">
          {newsletter.categories[0].name}
        </span>
      )}
    </Link>
  );
}
