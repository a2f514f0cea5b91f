"use client";

import { useState, type FormEvent } from "react";
import { DELETE_CONFIRMATION } from "@/lib/account/delete-confirmation";
import { useDeleteAccount } from "@/lib/client/account";
import { errorMessage } from "@/lib/api/client";
import { TextField } from "../auth/text-field";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { SettingsCard } from "./settings-card";

/** Deleting the account: the password (none for a Google-only account) and the typed word, then for good. */
export function DangerZone() {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState("");
  const [typed, setTyped] = useState("");
  const confirmed = typed === DELETE_CONFIRMATION;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmed) return;
    remove.mutate(password ? { password, confirm: typed } : { confirm: typed });
  };

  return (
    <SettingsCard title="Danger zone" tone="danger">
      <form method="post" onSubmit={submit} noValidate className="space-y-4" aria-label="Delete my account">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Deleting your account erases it with your emails, folders, subscriptions, likes and comments. Your Paperboy addresses stop
          receiving mail and are never given to anyone else. This cannot be undone.
        </p>
        <TextField
          id="delete-password"
          label="Password (leave empty if you only sign in with Google)"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          id="delete-confirm"
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        {remove.isError && <Alert>{errorMessage(remove.error, "Failed to delete account")}</Alert>}
        <button type="submit" disabled={!confirmed || remove.isPending || remove.isSuccess} className={buttonClass("danger")}>
          {remove.isPending || remove.isSuccess ? "Deleting..." : "Delete my account"}
        </button>
      </form>
    </SettingsCard>
  );
}
