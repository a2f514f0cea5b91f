"use client";

import { useState, type FormEvent } from "react";
import { useChangePassword } from "@/lib/client/account";
import { errorMessage } from "@/lib/api/client";
import { changePasswordFormError } from "@/lib/auth/form-checks";
import { TextField } from "../auth/text-field";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { SettingsCard } from "./settings-card";

const EMPTY = { current: "", next: "", confirm: "" };

/** Current, new and confirmed password; every other session ends when it changes. */
export function PasswordForm() {
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = changePasswordFormError(form);
    setFormError(problem);
    if (problem) return;
    change.mutate({ current_password: form.current, new_password: form.next }, { onSuccess: () => setForm(EMPTY) });
  };
  const shown = formError ?? (change.isError ? errorMessage(change.error, "Failed to change password") : null);

  return (
    <SettingsCard title="Password">
      <form method="post" onSubmit={submit} noValidate className="space-y-4" aria-label="Change password">
        <TextField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.current}
          onChange={(e) => setForm({ ...form, current: e.target.value })}
        />
        <TextField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={form.next}
          onChange={(e) => setForm({ ...form, next: e.target.value })}
        />
        <TextField
          id="confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={(e) => setForm({ ...form, confirm: e.target.value })}
        />
        {shown && <Alert>{shown}</Alert>}
        {change.isSuccess && !formError && <Alert tone="success">Password changed. Every other session has been signed out.</Alert>}
        <button type="submit" disabled={change.isPending} className={buttonClass("primary")}>
          {change.isPending ? "Changing..." : "Change password"}
        </button>
      </form>
    </SettingsCard>
  );
}
