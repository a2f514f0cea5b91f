import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { applyOptimistic } from "@/lib/client/issues";
import { emailKeys, folderKeys } from "@/lib/client/query-keys";
import type { FolderDto } from "@/lib/folders/service";

export type Folder = FolderDto;

const foldersQuery = () =>
  queryOptions({
    queryKey: folderKeys.list(),
    queryFn: ({ signal }) => apiFetch<{ items: Folder[] }>("/api/users/me/folders", { signal }),
  });

export const useFolders = (enabled = true) => useQuery({ ...foldersQuery(), enabled });

export type FolderSave = { emailId: number; add: number[]; remove: number[]; folderIds: number[]; favorite: boolean | null };

/** The favourite call of a save failed (not a folder call): its screen names that operation (docs/spec.md section 8). */
export class FavoriteError extends Error {
  constructor(cause: unknown) {
    super("Favourite change failed", { cause });
    this.name = "FavoriteError";
  }
}

/**
 * The folder-and-favourite modal's save: folders and favourite change at once in every cached
 * copy, the calls follow, and any failure puts all of it back (docs/spec.md section 4). The modal closes
 * at once, so a failure is reported through `onError` here, which still runs after it unmounted.
 */
export function useSaveEmailFolders({ onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ emailId, add, remove, favorite }: FolderSave) => {
      for (const folderId of add)
        await apiFetch(`/api/users/me/folders/${folderId}/emails`, { method: "POST", body: { email_id: emailId } });
      for (const folderId of remove) await apiFetch<void>(`/api/users/me/folders/${folderId}/emails/${emailId}`, { method: "DELETE" });
      if (favorite === null) return;
      await apiFetch(`/api/issues/${emailId}/interactions`, { method: "PUT", body: { is_favorited: favorite } }).catch((error: unknown) => {
        throw new FavoriteError(error);
      });
    },
    onMutate: async ({ emailId, add, remove, folderIds, favorite }: FolderSave) => {
      await queryClient.cancelQueries({ queryKey: folderKeys.all });
      const folders = queryClient.getQueryData(foldersQuery().queryKey);
      queryClient.setQueryData(
        foldersQuery().queryKey,
        (data) =>
          data && {
            items: data.items.map((folder) => {
              const emails = folder.emails.filter((id) => id !== emailId || !remove.includes(folder.id));
              if (add.includes(folder.id) && !emails.includes(emailId)) emails.push(emailId);
              return { ...folder, emails, email_count: emails.length };
            }),
          },
      );
      const emails = await applyOptimistic(
        queryClient,
        (email) => email.id === emailId,
        favorite === null ? { folder_ids: folderIds } : { folder_ids: folderIds, is_favorited: favorite },
      );
      return {
        undo: () => {
          emails.undo();
          queryClient.setQueryData(foldersQuery().queryKey, folders);
        },
        resume: emails.resume,
      };
    },
    onError: (error, _vars, optimistic) => {
      optimistic?.undo();
      onError?.(error);
    },
    // Part of a failed save may have landed; ask the server what is true now.
    onSettled: (_data, error, _vars, optimistic) => {
      optimistic?.resume();
      if (!error) return;
      void queryClient.invalidateQueries({ queryKey: folderKeys.all });
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
    },
  });
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<Folder>("/api/users/me/folders", { method: "POST", body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: folderKeys.all }),
  });
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderId: number) => apiFetch<void>(`/api/users/me/folders/${folderId}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: folderKeys.all }),
  });
}
