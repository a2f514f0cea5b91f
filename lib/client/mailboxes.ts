import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { MailboxDto } from "@/lib/mailboxes/dto";

export type Mailbox = MailboxDto;
export type MailboxTls = Mailbox["tls"];
export type AfterFiling = Mailbox["after_filing"];

export type NewMailbox = {
  host: string;
  port: number;
  tls: MailboxTls;
  username: string;
  password: string;
  folders: string[];
  since: string;
  after_filing: AfterFiling;
  move_to?: string;
};
export type MailboxChange = { paused?: boolean; password?: string };

const mailboxKeys = {
  all: ["mailboxes"] as const,
  list: () => [...mailboxKeys.all, "list"] as const,
};

// Often enough that a first sync's bar visibly moves, rarely enough to cost the server nothing.
const SYNC_POLL_MS = 2_000;

const mailboxesQuery = () =>
  queryOptions({
    queryKey: mailboxKeys.list(),
    queryFn: ({ signal }) => apiFetch<{ items: Mailbox[] }>("/api/users/me/mailboxes", { signal }),
    select: (data) => data.items,
  });

/** The reader's mailboxes, asked again every 2 s while one of them syncs. */
export const useMailboxes = () =>
  useQuery({
    ...mailboxesQuery(),
    refetchInterval: (query) => (query.state.data?.items.some((mailbox) => mailbox.status === "syncing") ? SYNC_POLL_MS : false),
  });

function useRefreshMailboxes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all });
}

/** The server tries the login before it keeps anything: a 422 names what went wrong. */
export function useConnectMailbox() {
  const refresh = useRefreshMailboxes();
  return useMutation({
    mutationFn: (input: NewMailbox) => apiFetch<Mailbox>("/api/users/me/mailboxes", { method: "POST", body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateMailbox() {
  const queryClient = useQueryClient();
  const refresh = useRefreshMailboxes();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: MailboxChange }) =>
      apiFetch<Mailbox>(`/api/users/me/mailboxes/${id}`, { method: "PATCH", body: change }),
    onSuccess: (updated) =>
      queryClient.setQueryData<{ items: Mailbox[] }>(mailboxKeys.list(), (list) =>
        list ? { items: list.items.map((item) => (item.id === updated.id ? updated : item)) } : list,
      ),
    onSettled: refresh,
  });
}

export function useSyncMailbox() {
  const refresh = useRefreshMailboxes();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/mailboxes/${id}/sync`, { method: "POST" }),
    onSettled: refresh,
  });
}

export function useDisconnectMailbox() {
  const refresh = useRefreshMailboxes();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/users/me/mailboxes/${id}`, { method: "DELETE" }),
    onSettled: refresh,
  });
}
