import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";

export type ChangePasswordFields = { current_password: string; new_password: string };

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordFields) => apiFetch<void>("/api/users/me/password", { method: "PUT", body: input }),
  });
}

/** Ends at the landing page, reloaded: nothing of the erased account stays cached. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: { password?: string; confirm: string }) => apiFetch<void>("/api/users/me", { method: "DELETE", body: input }),
    onSuccess: () => window.location.assign(window.location.origin),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiFetch<{ detail: string }>("/api/auth/password-reset", { method: "POST", body: { email } }),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiFetch<void>("/api/auth/password-reset/confirm", { method: "POST", body: input }),
  });
}
