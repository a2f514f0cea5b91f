"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { FavoriteError, useFolders, useSaveEmailFolders } from "@/lib/client/folders";
import type { Email } from "@/lib/client/issues";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Modal } from "../ui/modal";
import { Spinner } from "../ui/spinner";
import { folderChanges } from "./folder-diff";

/** `onFailure` tells the screen that opened the modal (it is closed by then) what went wrong. */
type Props = {
  email: Pick<Email, "id" | "folder_ids" | "is_favorited" | "public_share_id">;
  onClose: () => void;
  onFailure: (message: string) => void;
};

/** Files an issue into folders and (un)favourites it; saves only what changed, then closes either way. */
export function FolderModal({ email, onClose, onFailure }: Props) {
  const folders = useFolders();
  const save = useSaveEmailFolders({
    onError: (error) => {
      // Folder calls have no fallback of their own in docs/spec.md section 8; the favourite has.
      if (error instanceof FavoriteError) onFailure(errorMessage(error.cause, "Failed to toggle favorite status"));
      else console.error("Saving folders failed", error);
    },
  });
  const [initial] = useState(() => email.folder_ids);
  const [selected, setSelected] = useState<number[]>(() => email.folder_ids);
  const [favorite, setFavorite] = useState(email.is_favorited);

  const toggle = (folderId: number) =>
    setSelected((ids) => (ids.includes(folderId) ? ids.filter((id) => id !== folderId) : [...ids, folderId]));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const { add, remove } = folderChanges(initial, selected);
    const favoriteChange = favorite === email.is_favorited ? null : favorite;
    if (add.length || remove.length || favoriteChange !== null) {
      save.mutate({ emailId: email.id, add, remove, folderIds: selected, favorite: favoriteChange });
    }
    onClose();
  };

  return (
    <Modal title="Folders and favourites" onClose={onClose}>
      <form onSubmit={submit} className="space-y-4">
        <label className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 dark:border-slate-700 dark:text-slate-100">
          <input
            type="checkbox"
            checked={favorite}
            onChange={(event) => setFavorite(event.target.checked)}
            className="h-4 w-4 accent-indigo-600"
          />
          Favourite
        </label>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">Folders</legend>
          {!email.public_share_id ? (
            // Only the reader's own copies have a share id: a public issue they never received can be
            // favourited, but folders hold the issues delivered to them.
            <p className="text-sm text-slate-500 dark:text-slate-400">Folders hold the issues delivered to you.</p>
          ) : folders.isPending ? (
            <Spinner label="Loading folders..." className="py-4" />
          ) : folders.isError ? (
            <Alert>Could not load folders.</Alert>
          ) : folders.data.items.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">No folders yet. Create one on the Subscriptions page.</p>
          ) : (
            <ul className="max-h-64 space-y-1 overflow-y-auto">
              {folders.data.items.map((folder) => (
                <li key={folder.id}>
                  <label className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 dark:text-slate-100 dark:hover:bg-slate-800">
                    <input
                      type="checkbox"
                      checked={selected.includes(folder.id)}
                      onChange={() => toggle(folder.id)}
                      className="h-4 w-4 accent-indigo-600"
                    />
                    <span className="min-w-0 break-words">{folder.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={buttonClass("ghost")}>
            Cancel
          </button>
          <button type="submit" className={buttonClass("primary")}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
