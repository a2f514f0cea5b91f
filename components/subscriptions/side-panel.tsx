"use client";

import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api/client";
import { useFavorited, useLiked, useMyComments } from "@/lib/client/activity";
import { useDeleteFolder, useFolders } from "@/lib/client/folders";
import { useSubscriptions } from "@/lib/client/subscriptions";
import { Alert } from "../ui/alert";
import { TrashIcon } from "./trash-icon";
import { FolderForm } from "./folder-form";
import { sameView, withCount, type View } from "./view";

type Props = { view: View; onSelect: (view: View) => void; message: string | null; onMessage: (message: string | null) => void };

/** The left panel: every subscription, the reader's activity, and their folders. */
export function SidePanel({ view, onSelect, message, onMessage }: Props) {
  const subscriptions = useSubscriptions();
  const favorited = useFavorited();
  const liked = useLiked();
  const comments = useMyComments();
  const folders = useFolders();
  const deleteFolder = useDeleteFolder();

  const remove = (folderId: number) => {
    if (!window.confirm("Are you sure you want to delete this folder?")) return;
    onMessage(null);
    deleteFolder.mutate(folderId, {
      onSuccess: () => {
        if (view.kind === "folder" && view.folderId === folderId) onSelect({ kind: "all" });
      },
      onError: (error) => onMessage(errorMessage(error, "Failed to delete folder")),
    });
  };

  const item = (target: View, label: string) => (
    <NavItem current={sameView(view, target)} onClick={() => onSelect(target)}>
      {label}
    </NavItem>
  );

  return (
    <nav
      aria-label="Subscription lists"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <ul>
        <li>{item({ kind: "all" }, withCount("All Newsletters", subscriptions.data?.length))}</li>
      </ul>
      <PanelSection title="My Activity">
        <li>{item({ kind: "favorites" }, withCount("Favorites", favorited.data?.total_items))}</li>
        <li>{item({ kind: "liked" }, withCount("Liked Posts", liked.data?.total_items))}</li>
        <li>{item({ kind: "comments" }, withCount("My Comments", comments.data?.length))}</li>
      </PanelSection>
      <PanelSection title="Folders">
        {folders.isError && (
          <li className="px-3 text-sm text-rose-700 dark:text-rose-300">{errorMessage(folders.error, "Failed to fetch folders")}</li>
        )}
        {folders.data?.items.map((folder) => (
          <li key={folder.id} className="flex items-center gap-1">
            <NavItem
              current={sameView(view, { kind: "folder", folderId: folder.id })}
              onClick={() => onSelect({ kind: "folder", folderId: folder.id })}
            >
              <span className="min-w-0 flex-1 truncate">{folder.name}</span>
              <span className="shrink-0 rounded-full bg-slate-100 px-2 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                {folder.email_count}
              </span>
            </NavItem>
            <button
              type="button"
              title="Delete folder"
              aria-label={`Delete folder ${folder.name}`}
              onClick={() => remove(folder.id)}
              disabled={deleteFolder.isPending}
              className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-rose-50 hover:text-rose-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-slate-400 dark:hover:bg-rose-950 dark:hover:text-rose-300"
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </PanelSection>
      <FolderForm onMessage={onMessage} />
      {message && <Alert>{message}</Alert>}
    </nav>
  );
}

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <h3 className="px-3 text-sm font-semibold text-slate-500 dark:text-slate-400">{title}</h3>
      <ul className="space-y-0.5">{children}</ul>
    </div>
  );
}

function NavItem({ current, onClick, children }: { current: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-current={current ? "true" : undefined}
      onClick={onClick}
      className={`flex w-full min-w-0 items-center gap-2 rounded-lg px-3 py-2 text-left text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
        current
          ? "bg-indigo-50 font-semibold text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300"
          : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      }`}
    >
      {children}
    </button>
  );
}
