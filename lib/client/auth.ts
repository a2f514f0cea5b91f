import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api/client";
import { dropOfflineData, tellWorker } from "@/lib/pwa/client";
import type { UserDto } from "@/lib/auth/dto";
import { userKeys } from "@/lib/client/query-keys";

export type User = UserDto;
type SessionAnswer = { user: User };

export type LoginFields = { email: string; password: string };
export type RegisterFields = { name: string; email: string; password: string };
export type UpdateMeFields = { name?: string; model_metadata_field?: { onboarded: boolean } };

/** The session check: a 401 means signed out (null), not an error. */
async function fetchCurrentUser(signal: AbortSignal): Promise<User | null> {
  try {
    return await apiFetch<User>("/api/users/me", { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const currentUserQuery = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

/** Every way of signing in ends the same: the user is cached, then the full profile refetched. */
function useSignIn<T>(send: (input: T) => Promise<SessionAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(userKeys.me(), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.me() });
    },
  });
}

export function useLogin() {
  return useSignIn((input: LoginFields) => apiFetch<SessionAnswer>("/api/auth/login", { method: "POST", body: input }));
}

export function useRegister() {
  return useSignIn((input: RegisterFields) => apiFetch<SessionAnswer>("/api/auth/register", { method: "POST", body: input }));
}

export function useGoogleSignIn() {
  return useSignIn((token: string) => apiFetch<SessionAnswer>("/api/auth/google", { method: "POST", body: { token } }));
}

/** The logout's mutation, for what must not speak for the reader once it has begun (components/pwa/offline-reader.tsx). */
export const LOGOUT_KEY = ["logout"] as const;

/**
 * Ends the session on the server, then reloads at the landing page (docs/spec.md section 4), which
 * drops every cached answer; clearing the cache first would make the guard race to /login. Changes made
 * offline are sent first, while the session holds, and nothing kept for reading offline outlives it.
 */
export function useLogout() {
  return useMutation({
    mutationKey: LOGOUT_KEY,
    mutationFn: async () => {
      await tellWorker({ type: "paperboy:replay" });
      await apiFetch<void>("/api/auth/logout", { method: "POST" });
    },
    onSuccess: async () => {
      await dropOfflineData();
      window.location.assign(window.location.origin);
    },
  });
}

function useUserUpdate<T>(send: (input: T) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user) => queryClient.setQueryData(userKeys.me(), user),
  });
}

/** Kept alive past a reload, so finishing onboarding just before one still reaches the server. */
export function useUpdateMe() {
  return useUserUpdate((input: UpdateMeFields) => apiFetch<User>("/api/users/me", { method: "PATCH", body: input, keepalive: true }));
}

export function useUpdateUniqueEmail() {
  return useUserUpdate((uniqueEmail: string) =>
    apiFetch<User>("/api/users/me/unique-email", { method: "PUT", body: { unique_email: uniqueEmail } }),
  );
}
