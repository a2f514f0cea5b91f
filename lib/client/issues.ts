import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { emailKeys } from "@/lib/client/query-keys";
import type { EmailDto, pagedList } from "@/lib/issues/dto";

/** An Email of a list (docs/contract.md section 3); the single-email call adds the bodies. */
export type Email = Omit<EmailDto, "body_html" | "body_plain">;
export type EmailDetail = Email & { body_html: string | null; body_plain: string | null };
export type PagedList<T> = ReturnType<typeof pagedList<T>>;

/** `query` is the search string of GET /api/issues/feed, so each filter set caches on its own. */
export const feedQuery = (query: string, enabled = true) =>
  queryOptions({
    queryKey: emailKeys.list(query),
    queryFn: ({ signal }) => apiFetch<PagedList<Email>>(`/api/issues/feed?${query}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const emailQuery = (id: number) =>
  queryOptions({
    queryKey: emailKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<EmailDetail>(`/api/issues/${id}`, { signal }),
  });

export const useFeed = (query: string, enabled: boolean) => useQuery(feedQuery(query, enabled));
export const useEmail = (id: number) => useQuery(emailQuery(id));

type EmailPatch = Partial<Email> | ((email: Email) => Partial<Email>);

function patchOne<T extends Email>(email: T, match: (email: Email) => boolean, patch: EmailPatch): T {
  if (!match(email)) return email;
  return { ...email, ...(typeof patch === "function" ? patch(email) : patch) };
}

function isEmail(data: unknown): data is Email {
  return typeof data === "object" && data !== null && "id" in data && "subject" in data;
}

function hasItems(data: unknown): data is { items: unknown[] } {
  return typeof data === "object" && data !== null && "items" in data && Array.isArray(data.items);
}

/** Applies a change to every cached copy of matching emails: feed pages, lists and open issues. */
export function patchCachedEmails(queryClient: QueryClient, match: (email: Email) => boolean, patch: EmailPatch) {
  queryClient.setQueriesData({ queryKey: emailKeys.all }, (data: unknown) => {
    if (isEmail(data)) return patchOne(data, match, patch);
    if (hasItems(data)) return { ...data, items: data.items.map((item) => (isEmail(item) ? patchOne(item, match, patch) : item)) };
    return data;
  });
}

export type Optimistic = { undo: () => void; resume: () => void };

/**
 * The cached answers an in-flight read could overwrite a guess in. A newsletter's recent issues show no likes,
 * reads or favourites (components/issue/recent-issues.tsx, components/newsletter/recent-issues.tsx), so theirs
 * is let through: cut off, every issue opened (which marks it read) asked for them twice (issue 34).
 */
const answersThatShowInteractions = {
  queryKey: emailKeys.all,
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== emailKeys.recentAll()[1],
};

/**
 * Snapshot, cancel in-flight reads and apply at once (docs/spec.md section 4); `undo` puts the snapshot back.
 * A cancelled read that had no answer yet (a feed page still on its way) would wait for ever, so
 * `resume`, called once the change has settled, fetches again every read the cancel cut off.
 */
export async function applyOptimistic(queryClient: QueryClient, match: (email: Email) => boolean, patch: EmailPatch): Promise<Optimistic> {
  const interrupted = queryClient
    .getQueryCache()
    .findAll({ ...answersThatShowInteractions, fetchStatus: "fetching" })
    .map((query) => query.queryKey);
  await queryClient.cancelQueries(answersThatShowInteractions);
  const snapshot = queryClient.getQueriesData({ queryKey: emailKeys.all });
  patchCachedEmails(queryClient, match, patch);
  return {
    undo: () => snapshot.forEach(([key, data]) => queryClient.setQueryData(key, data)),
    resume: () => interrupted.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey, exact: true })),
  };
}

/** An interaction's answer carries the bodies too; they never change, so lists stay lean without them. */
function withoutBodies(answer: Email): Partial<Email> {
  const fields: Partial<EmailDetail> = { ...answer };
  delete fields.body_html;
  delete fields.body_plain;
  return fields;
}

/** The server's answer wins over the guess. */
function mergeAnswer(queryClient: QueryClient, answer: Email) {
  patchCachedEmails(queryClient, (email) => email.id === answer.id, withoutBodies(answer));
}

/** Each issue's last interaction sent from this tab, settled or not. */
const lastInteraction = new Map<number, Promise<unknown>>();

/**
 * Null when made offline: the service worker queued it (202, no body) and sends it once the network is back.
 * One issue's changes are sent one after another, in the order made: sent together, the marking read of an issue
 * just opened and an `m` pressed at once could arrive the other way round, leaving it read.
 */
export function putInteraction(id: number, body: Record<string, boolean | number>): Promise<Email | null> {
  const sent = (lastInteraction.get(id) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => apiFetch<Email | null>(`/api/issues/${id}/interactions`, { method: "PUT", body }));
  lastInteraction.set(id, sent);
  const forget = () => {
    if (lastInteraction.get(id) === sent) lastInteraction.delete(id);
  };
  sent.then(forget, forget);
  return sent;
}

function useInteraction<V extends Pick<Email, "id">>(body: (vars: V) => Record<string, boolean | number>, guess: (vars: V) => EmailPatch) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => putInteraction(vars.id, body(vars)),
    // Sent even offline, for the service worker to queue, instead of waiting in this page alone.
    networkMode: "offlineFirst",
    onMutate: (vars) => applyOptimistic(queryClient, (email) => email.id === vars.id, guess(vars)),
    onError: (_error, _vars, optimistic) => optimistic?.undo(),
    onSuccess: (answer) => answer && mergeAnswer(queryClient, answer),
    onSettled: (_answer, _error, _vars, optimistic) => optimistic?.resume(),
  });
}

type LikeVars = Pick<Email, "id" | "is_liked">;
type FavoriteVars = Pick<Email, "id" | "is_favorited">;

/** A like toggle sends the inverse of the current state (docs/spec.md section 4). */
export function useToggleLike() {
  return useInteraction(
    (vars: LikeVars) => ({ is_liked: !vars.is_liked }),
    (vars) => (email) => ({ is_liked: !vars.is_liked, like_count: Math.max(0, email.like_count + (vars.is_liked ? -1 : 1)) }),
  );
}

export function useToggleFavorite() {
  return useInteraction(
    (vars: FavoriteVars) => ({ is_favorited: !vars.is_favorited }),
    (vars) => ({ is_favorited: !vars.is_favorited }),
  );
}

export function useMarkRead() {
  return useInteraction(
    () => ({ is_read: true, read_duration_seconds: 0 }),
    () => ({ is_read: true }),
  );
}

type ReadVars = Pick<Email, "id" | "is_read">;

/** The `m` key: read becomes unread and back (docs/contract.md 6.6). */
export function useToggleRead() {
  return useInteraction(
    (vars: ReadVars) => ({ is_read: !vars.is_read, read_duration_seconds: 0 }),
    (vars) => ({ is_read: !vars.is_read }),
  );
}

/** Reports reading time as the page goes away; a keepalive request outlives the closing tab. */
export function sendReadDuration(id: number, seconds: number) {
  const read_duration_seconds = Math.min(86_400, Math.round(seconds));
  if (read_duration_seconds <= 0) return;
  void apiFetch(`/api/issues/${id}/interactions`, { method: "PUT", body: { is_read: true, read_duration_seconds }, keepalive: true }).catch(
    () => undefined,
  );
}
