"use client";

import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/client/auth";
import { formatRelativeTime } from "@/lib/format/date";
import {
  useFeedImports,
  useFollowedFeeds,
  useFollowFeed,
  useImportOpml,
  useRefreshFeed,
  useUnfollowFeed,
  type FeedImport,
  type FollowedFeed,
} from "@/lib/client/feeds-in";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { AnchoredSection } from "./anchored-section";

const unfollowConfirmation = (feed: FollowedFeed) =>
  `Unfollow ${feed.title}? Paperboy stops fetching it. The issues already in your feed stay.`;

function FollowedFeedItem({ feed, onRefreshed }: { feed: FollowedFeed; onRefreshed: () => void }) {
  const refresh = useRefreshFeed();
  const unfollow = useUnfollowFeed();
  const failing = feed.status === "error";
  return (
    <li className="space-y-2 py-4" aria-label={feed.title}>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="wrap-anywhere text-sm font-semibold text-slate-900 dark:text-white">{feed.title}</h3>
          <p className="wrap-anywhere text-xs text-slate-500 dark:text-slate-400">{feed.feed_url}</p>
        </div>
        <p className="flex shrink-0 items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400" data-testid="followed-feed-status">
          <span aria-hidden className={`inline-block size-2 rounded-full ${failing ? "bg-rose-500" : "bg-emerald-500"}`} />
          {failing ? "Failing" : "Up to date"}
          {feed.last_fetched_at && <span>· fetched {formatRelativeTime(feed.last_fetched_at)}</span>}
        </p>
      </div>
      {failing && feed.last_error && (
        <Alert>
          {feed.last_error}. Paperboy tries again {formatRelativeTime(feed.next_fetch_at)}.
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => refresh.mutate(feed.id, { onSuccess: onRefreshed })}
          disabled={refresh.isPending}
          className={buttonClass("secondary")}
        >
          {refresh.isPending ? "Refreshing..." : "Refresh"}
        </button>
        <button
          type="button"
          onClick={() => {
            if (window.confirm(unfollowConfirmation(feed))) unfollow.mutate(feed.id);
          }}
          disabled={unfollow.isPending}
          className={buttonClass("danger")}
        >
          {unfollow.isPending ? "Unfollowing..." : "Unfollow"}
        </button>
      </div>
      {refresh.isSuccess && !refresh.isPending && <p className="text-xs text-slate-500 dark:text-slate-400">Fetching it now.</p>}
      {refresh.isError && <Alert>{errorMessage(refresh.error, "Failed to refresh the feed")}</Alert>}
      {unfollow.isError && <Alert>{errorMessage(unfollow.error, "Failed to unfollow the feed")}</Alert>}
    </li>
  );
}

function ImportProgress({ job }: { job: FeedImport }) {
  const percent = job.total > 0 ? Math.round((job.processed / job.total) * 100) : 100;
  return (
    <div className="space-y-2" data-testid="opml-import">
      <div className="flex items-center justify-between text-sm">
        <span className="text-slate-700 dark:text-slate-300">
          {job.status === "running" ? "Following the feeds of your file" : "Import done"}
        </span>
        <span className="text-slate-600 dark:text-slate-400">
          {job.processed} of {job.total}
          {job.status !== "running" && ` · ${job.followed} followed${job.failed > 0 ? `, ${job.failed} failed` : ""}`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="OPML import"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Settings' followed feeds (docs/contract.md 8.5): a newsletter followed by its feed, with no address given,
 * its archive filed at once; the list with each feed's status, refresh and unfollow; OPML in.
 */
export function FollowedFeedsSection() {
  const { data: user } = useCurrentUser();
  const [watching, setWatching] = useState(false);
  const feeds = useFollowedFeeds(watching);
  const imports = useFeedImports();
  const follow = useFollowFeed();
  const importOpml = useImportOpml();
  const [url, setUrl] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const latestImport = imports.data?.[0];

  const onFollow = (event: FormEvent) => {
    event.preventDefault();
    follow.mutate(url.trim(), { onSuccess: () => setUrl("") });
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) importOpml.mutate(file, { onSuccess: () => void imports.refetch() });
    event.target.value = "";
  };
  const onRefreshed = () => {
    setWatching(true);
    window.setTimeout(() => setWatching(false), 15_000);
  };

  return (
    <AnchoredSection id="followed-feeds" title="Followed feeds" ready={Boolean(user) && !feeds.isPending}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Follow a newsletter by its feed, without giving it an address: paste its page or its feed (RSS, Atom or JSON Feed). Its back issues
        arrive at once, and new ones as they are published.
      </p>

      <form onSubmit={onFollow} className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="follow-feed-url" className="sr-only">
          Feed or page address
        </label>
        <input
          id="follow-feed-url"
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.substack.com"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          className={inputClass}
        />
        <button type="submit" disabled={follow.isPending || !url.trim()} className={buttonClass("primary", "shrink-0")}>
          {follow.isPending ? "Following..." : "Follow"}
        </button>
      </form>
      {follow.isError && <Alert className="mt-3">{errorMessage(follow.error, "Failed to follow the feed")}</Alert>}
      {follow.isSuccess && (
        <Alert tone="success" className="mt-3 wrap-anywhere">
          You follow {follow.data.title}. Its issues are in your feed.
        </Alert>
      )}

      {feeds.isPending && <Spinner label="Loading followed feeds..." className="py-6" />}
      {feeds.isError && (
        <div className="mt-4 space-y-2">
          <Alert>{errorMessage(feeds.error, "Failed to load your followed feeds")}</Alert>
          <button type="button" onClick={() => void feeds.refetch()} className={buttonClass("secondary")}>
            Try again
          </button>
        </div>
      )}
      {feeds.data && feeds.data.length === 0 && <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">You follow no feed yet.</p>}
      {feeds.data && feeds.data.length > 0 && (
        <ul
          aria-label="Your followed feeds"
          className="mt-4 divide-y divide-slate-100 border-y border-slate-100 dark:divide-slate-800 dark:border-slate-800"
        >
          {feeds.data.map((feed) => (
            <FollowedFeedItem key={feed.id} feed={feed} onRefreshed={onRefreshed} />
          ))}
        </ul>
      )}

      <div className="mt-5 space-y-3 border-t border-slate-100 pt-4 dark:border-slate-800">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Moving from a feed reader? Import its OPML file to follow every feed in it.
        </p>
        <input ref={fileInput} type="file" accept=".opml,.xml,text/x-opml,text/xml,application/xml" onChange={onFile} hidden />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          disabled={importOpml.isPending || latestImport?.status === "running"}
          className={buttonClass("secondary")}
        >
          {importOpml.isPending ? "Uploading..." : "Import OPML"}
        </button>
        {importOpml.isError && <Alert>{errorMessage(importOpml.error, "Failed to import the OPML file")}</Alert>}
        {latestImport && <ImportProgress job={latestImport} />}
      </div>
    </AnchoredSection>
  );
}
