import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { applyOptimistic, emailKeys } from "@/lib/issues/hooks";

export type Folder = { id: number; name: string; emails: number[]; email_count: number };

export const folderKeys = {
  all: ["folders"] as const,
  list: () => [...folderKeys.all, "list"] as const,
};

export const foldersQuery = () =>
  queryOptions({
    queryKey: folderKeys.list(),
    queryFn: ({ signal }) => apiFetch<{ items: Folder[] }>("/api/users/me/folders", { signal }),
  });

export const useFolders = (enabled = true) => useQuery({ ...foldersQuery(), enabled });

export type FolderSave = { emailId: number; add: number[]; remove: number[]; folderIds: number[]; favorite: boolean | null };

/**
 * The folder-and-favourite modal's save: folders and favourite change at once in every cached
 * copy, the calls follow, and any failure puts all of it back (SPEC.md section 4).
 */
export function useSaveEmailFolders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ emailId, add, remove, favorite }: FolderSave) => {
      for (const folderId of add) await apiFetch(`/api/users/me/folders/${folderId}/emails`, { method: "POST", body: { email_id: emailId } });
      for (const folderId of remove) await apiFetch<void>(`/api/users/me/folders/${folderId}/emails/${emailId}`, { method: "DELETE" });
      if (favorite !== null) await apiFetch(`/api/issues/${emailId}/interactions`, { method: "PUT", body: { is_favorited: favorite } });
    },
    onMutate: async ({ emailId, add, remove, folderIds, favorite }: FolderSave) => {
      await queryClient.cancelQueries({ queryKey: folderKeys.all });
      const folders = queryClient.getQueryData(foldersQuery().queryKey);
      queryClient.setQueryData(foldersQuery().queryKey, (data) =>
        data && {
          items: data.items.map((folder) => {
            const emails = folder.emails.filter((id) => id !== emailId || !remove.includes(folder.id));
            if (add.includes(folder.id) && !emails.includes(emailId)) emails.push(emailId);
            return { ...folder, emails, email_count: emails.length };
          }),
        },
      );
      const undoEmails = await applyOptimistic(queryClient, (email) => email.id === emailId, favorite === null ? { folder_ids: folderIds } : { folder_ids: folderIds, is_favorited: favorite });
      return () => {
        undoEmails();
        queryClient.setQueryData(foldersQuery().queryKey, folders);
      };
    },
    onError: (_error, _vars, undo) => undo?.(),
    // Part of a failed save may have landed; ask the server what is true now.
    onSettled: (_data, error) => {
      if (!error) return;
      void queryClient.invalidateQueries({ queryKey: folderKeys.all });
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
    },
  });
}
