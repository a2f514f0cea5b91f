"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useFeeds, useRotateFeeds, type FeedLink } from "@/lib/client/feeds";
import { formatDateTime } from "@/lib/format/date";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { CopyButton } from "./copy-button";

const ROTATE_CONFIRMATION = "Make new feed addresses? Every feed address you use now stops working, in every feed reader.";
const SCOPE_LABELS: Record<FeedLink["scope"], string> = { all: "Everything", folder: "Folder", newsletter: "Newsletter" };

function FeedUrl({ label, url, what }: { label: string; url: string; what: string }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <span className="w-12 shrink-0 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</span>
      <code className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100">
        {url}
      </code>
      <CopyButton text={url} what={what} />
    </div>
  );
}

/**
 * Settings' private feeds: every Atom and JSON address with a copy button, and a new token behind a
 * confirmation. The addresses wait behind a disclosure, so the page's own Copy button (the unique
 * address's, docs/spec.md) stays the only one until the reader asks for them, and secrets stay off screen.
 */
export function FeedsSection() {
  const [open, setOpen] = useState(false);
  const feeds = useFeeds(open);
  const rotate = useRotateFeeds();

  const onRotate = () => {
    if (window.confirm(ROTATE_CONFIRMATION)) rotate.mutate();
  };

  return (
    <section
      aria-labelledby="feeds-heading"
      className="mx-auto mt-5 max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="feeds-heading" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
        Feeds
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Read your newsletters in any feed reader. These addresses are private: anyone who has one can read that feed, so make new ones if
        one gets out.
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="feed-addresses"
        onClick={() => setOpen(!open)}
        className={buttonClass("secondary", "mt-4")}
      >
        {open ? "Hide feed addresses" : "Show feed addresses"}
      </button>
      <div id="feed-addresses" hidden={!open}>
        {open && feeds.isPending && <Spinner label="Loading feeds..." className="py-8" />}
        {open && feeds.isError && <Alert className="mt-4">{errorMessage(feeds.error, "Failed to load feeds")}</Alert>}
        {open && feeds.data && (
          <>
            <ul className="mt-4 space-y-4">
              {feeds.data.items.map((feed) => (
                <li
                  key={`${feed.scope}-${feed.id ?? "all"}`}
                  className="space-y-2 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0 dark:border-slate-800"
                >
                  <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
                    <span className="mr-2 text-xs font-medium text-slate-500 dark:text-slate-400">{SCOPE_LABELS[feed.scope]}</span>
                    <span className="wrap-anywhere">{feed.title}</span>
                  </h3>
                  <FeedUrl label="Atom" url={feed.atom_url} what={`Atom feed address of ${feed.title}`} />
                  <FeedUrl label="JSON" url={feed.json_url} what={`JSON feed address of ${feed.title}`} />
                </li>
              ))}
            </ul>
            <div className="mt-5 flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
              <p className="text-xs text-slate-500 dark:text-slate-400">Addresses made {formatDateTime(feeds.data.token_created_at)}</p>
              <div className="flex flex-wrap gap-2">
                <a href="/api/users/me/feeds.opml" download className={buttonClass("secondary")}>
                  Download OPML
                </a>
                <button type="button" onClick={onRotate} disabled={rotate.isPending} className={buttonClass("danger")}>
                  {rotate.isPending ? "Making new addresses..." : "Make new feed addresses"}
                </button>
              </div>
            </div>
            {rotate.isError && <Alert className="mt-3">{errorMessage(rotate.error, "Failed to make new feed addresses")}</Alert>}
            {rotate.isSuccess && (
              <Alert tone="success" className="mt-3">
                New feed addresses are ready. The old ones no longer work.
              </Alert>
            )}
          </>
        )}
      </div>
    </section>
  );
}
