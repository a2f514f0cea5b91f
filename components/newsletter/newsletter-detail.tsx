"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api/client";
import { useNewsletter, type Newsletter } from "@/lib/client/newsletters";
import { useSubscriptionTo, type LeaveResult } from "@/lib/client/subscriptions";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { ChevronLeftIcon } from "../ui/icons";
import { StillSending } from "../subscriptions/still-sending";
import { UnsubscribeNotice } from "../subscriptions/lazy-unsubscribe-notice";
import { Spinner } from "../ui/spinner";
import { NewsletterAvatar } from "./newsletter-avatar";
import { parseNewsletterId } from "./newsletter-id";
import { QuickStatsPanel } from "./quick-stats-panel";
import { ControlActions } from "../control/control-buttons";
import { RecentIssues } from "./recent-issues";
import { useSubscribeFlow, type Notice } from "./subscribe-flow";
import { FollowFeedButton } from "./follow-feed-button";
import { SubscriptionButton } from "./subscription-button";
import { logoPath } from "@/lib/newsletters/logo-path";

/** The newsletter page, shared by /newsletter/{newsletterId} and onboarding's /newsletters/{id}. */
export function NewsletterDetail({ rawId }: { rawId: string }) {
  const id = parseNewsletterId(rawId);
  return <Frame>{id === null ? <Message>Invalid Newsletter ID in URL.</Message> : <Loaded id={id} />}</Frame>;
}

function Loaded({ id }: { id: number }) {
  const newsletter = useNewsletter(id);
  if (newsletter.isPending) return <Spinner label="Loading newsletter details..." className="justify-start py-6" />;
  if (newsletter.isError)
    return (
      <Message
        error
      >{`Error loading newsletter: ${errorMessage(newsletter.error, "Failed to fetch newsletter details") || "Unknown error"}`}</Message>
    );
  return <Details newsletter={newsletter.data} />;
}

function Details({ newsletter }: { newsletter: Newsletter }) {
  const flow = useSubscribeFlow("ask");
  const [failure, setFailure] = useState<Notice | null>(null);
  const [left, setLeft] = useState<LeaveResult | null>(null);
  const subscription = useSubscriptionTo(newsletter.id);
  // The latest thing the reader did speaks: an unsubscribe's outcome replaces an earlier subscribe notice.
  const notice = failure ?? (left ? null : flow.notice);
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-4">
        <NewsletterAvatar
          src={logoPath(newsletter.id, newsletter.logoUrl)}
          name={newsletter.name}
          className="h-16 w-16 text-xl sm:h-20 sm:w-20 sm:text-2xl"
        />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">{newsletter.name}</h1>
          <p className="text-slate-600 dark:text-slate-300">By {newsletter.publisher}</p>
        </div>
        <SubscriptionButton
          newsletter={newsletter}
          onSubscribe={() => {
            setFailure(null);
            setLeft(null);
            void flow.start(newsletter);
          }}
          onUnsubscribed={(result) => {
            setFailure(null);
            setLeft(result);
          }}
          onFailure={(text) => setFailure({ tone: "error", text })}
        />
        {newsletter.feed_url && (
          <div className="w-full sm:w-44">
            <FollowFeedButton newsletter={newsletter} feedUrl={newsletter.feed_url} />
          </div>
        )}
      </header>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {left && !failure && <UnsubscribeNotice result={left} name={newsletter.name} />}
      {subscription.data?.sending_after_unsubscribe && <StillSending subscription={subscription.data} />}
      <ControlActions
        newsletterId={newsletter.id}
        newsletterName={newsletter.name}
        offerBlock={!subscription.data?.sending_after_unsubscribe}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-8">
          <section aria-labelledby="about-title" className="space-y-2">
            <h2 id="about-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              About this Newsletter
            </h2>
            <p className="leading-relaxed text-slate-700 dark:text-slate-300">{newsletter.description ?? "No description yet."}</p>
          </section>
          <section aria-labelledby="categories-title" className="space-y-2">
            <h2 id="categories-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              Categories
            </h2>
            {newsletter.categories.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">Not in any category yet.</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {newsletter.categories.map((category) => (
                  <li
                    key={category.id}
                    className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                  >
                    <span aria-hidden="true">{category.emoji}</span> {category.name}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <RecentIssues newsletterId={newsletter.id} />
        </div>
        <div>
          <QuickStatsPanel newsletter={newsletter} />
        </div>
      </div>
      {flow.dialog}
    </div>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const router = useRouter();
  const back = () => (window.history.length > 1 ? router.back() : router.push("/discover"));
  return (
    <div className="mx-auto max-w-5xl space-y-6 pt-10 min-[769px]:pt-0">
      <button type="button" onClick={back} className={buttonClass("ghost", "px-2")}>
        <ChevronLeftIcon />
        Back
      </button>
      {children}
    </div>
  );
}

function Message({ children, error = false }: { children: string; error?: boolean }) {
  return error ? <Alert>{children}</Alert> : <p className="text-slate-600 dark:text-slate-300">{children}</p>;
}
