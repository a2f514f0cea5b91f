"use client";

import { IntentLink } from "../app-shell/intent-link";
import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api/client";
import { formatShortDate } from "@/lib/format/date";
import { useFolders, type Folder } from "@/lib/client/folders";
import type { Email } from "@/lib/client/issues";
import { useIssues } from "@/lib/client/folder-issues";
import { useFavorited, useLiked, useMyComments } from "@/lib/client/activity";
import { useSubscriptions } from "@/lib/client/subscriptions";
import { Alert } from "../ui/alert";
import { EmptyState } from "../ui/empty-state";
import { Spinner } from "../ui/spinner";
import { SubscriptionCard } from "./subscription-card";
import type { View } from "./view";
import { lazyComponent } from "../ui/lazy-component";

// Issues show only in the liked, favourite and folder views, not the list of newsletters the page opens
// on: their cards' code is fetched with the first of them (issue 41's budget).
const EmailCard = lazyComponent(() => import("../email/email-card").then((module) => module.EmailCard));

const Loading = () => <Spinner label="Loading..." className="py-12" />;

/** The right panel: whichever list the left panel selected. */
export function ViewPanel({ view, onFailure }: { view: View; onFailure: (message: string) => void }) {
  switch (view.kind) {
    case "all":
      return <AllNewsletters onFailure={onFailure} />;
    case "favorites":
      return <ActivityIssues title="Favorites" query={useFavorited} />;
    case "liked":
      return <ActivityIssues title="Liked Posts" query={useLiked} />;
    case "comments":
      return <MyComments />;
    case "folder":
      return <FolderPanel folderId={view.folderId} />;
  }
}

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="panel-title" className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="panel-title" className="min-w-0 wrap-anywhere text-xl font-semibold text-slate-900 dark:text-white">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function AllNewsletters({ onFailure }: { onFailure: (message: string) => void }) {
  const subscriptions = useSubscriptions();
  return (
    <Panel title="All Newsletters">
      {subscriptions.isPending ? (
        <Loading />
      ) : subscriptions.isError ? (
        <Alert>{errorMessage(subscriptions.error, "Failed to fetch subscriptions")}</Alert>
      ) : subscriptions.data.length === 0 ? (
        <EmptyState action={{ href: "/discover", label: "Discover newsletters" }}>No subscriptions to display.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {subscriptions.data.map((subscription) => (
            <li key={subscription.id}>
              <SubscriptionCard subscription={subscription} onFailure={onFailure} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function IssueGrid({ issues }: { issues: Email[] }) {
  return (
    <ul className="grid gap-4 xl:grid-cols-2">
      {issues.map((issue) => (
        <li key={issue.id} className="min-w-0">
          <EmailCard email={issue} titleLevel="h4" />
        </li>
      ))}
    </ul>
  );
}

function ActivityIssues({ title, query }: { title: string; query: typeof useFavorited }) {
  const list = query();
  return (
    <Panel title={title}>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert>{errorMessage(list.error, "Failed to fetch emails")}</Alert>
      ) : list.data.items.length === 0 ? (
        <EmptyState>No items to display.</EmptyState>
      ) : (
        <IssueGrid issues={list.data.items} />
      )}
    </Panel>
  );
}

function FolderPanel({ folderId }: { folderId: number }) {
  const folders = useFolders();
  const folder = folders.data?.items.find((item) => item.id === folderId);
  if (folders.isPending) return <Loading />;
  if (folders.isError) return <Alert>{errorMessage(folders.error, "Failed to fetch folders")}</Alert>;
  if (!folder) return <Alert>Folder not found</Alert>;
  return <FolderIssues folder={folder} />;
}

function FolderIssues({ folder }: { folder: Folder }) {
  const { isPending, issues, failed } = useIssues(folder.emails);
  // A plain link: the browser downloads the book itself (Content-Disposition), with its own progress.
  const download = folder.email_count > 0 && (
    <a
      href={`/api/users/me/folders/${folder.id}/epub`}
      download
      className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      Download EPUB
    </a>
  );
  return (
    <Panel title={folder.name} action={download}>
      {isPending ? (
        <Loading />
      ) : issues.length === 0 && failed === 0 ? (
        <EmptyState>No items to display in this folder.</EmptyState>
      ) : (
        <IssueGrid issues={issues} />
      )}
      {!isPending && failed > 0 && <Alert>Failed to fetch email</Alert>}
    </Panel>
  );
}

function MyComments() {
  const comments = useMyComments();
  return (
    <Panel title="My Comments">
      {comments.isPending ? (
        <Loading />
      ) : comments.isError ? (
        <Alert>{errorMessage(comments.error, "Failed to fetch comments")}</Alert>
      ) : comments.data.length === 0 ? (
        <EmptyState>No comments to display.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {comments.data.map((comment) => (
            <li key={comment.id} className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {comment.email_id === null ? (
                  <span className="font-medium">Issue #{comment.issue_id}</span>
                ) : (
                  <IntentLink
                    href={`/emails/${comment.email_id}?showComments=true`}
                    className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    Issue #{comment.issue_id}
                  </IntentLink>
                )}{" "}
                · {formatShortDate(comment.created_at)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200">{comment.content}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
