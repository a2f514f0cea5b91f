"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useConfirmPasswordReset } from "@/lib/client/account";
import { errorMessage } from "@/lib/api/client";
import { resetPasswordFormError } from "@/lib/auth/form-checks";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { TextField } from "./text-field";

const linkClass = "font-semibold text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400";

/** Sets a new password with the token of the mailed link; every session of the account ends. */
export function ResetPasswordForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const [form, setForm] = useState({ password: "", confirm: "" });
  const [formError, setFormError] = useState<string | null>(null);

  if (!token) {
    return (
      <Alert>
        This reset link is invalid or has expired.{" "}
        <Link href="/forgot-password" className={linkClass}>
          Ask for a new one
        </Link>
        .
      </Alert>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Alert tone="success">
        Your password is set.{" "}
        <Link href="/login" className={linkClass}>
          Log in
        </Link>{" "}
        with it.
      </Alert>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = resetPasswordFormError(form);
    setFormError(problem);
    if (!problem) confirm.mutate({ token, password: form.password });
  };
  const shown = formError ?? (confirm.isError ? errorMessage(confirm.error, "Failed to reset password. Please try again.") : null);
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4" aria-label="Set a new password">
      <TextField
        id="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => setForm({ ...form, password: e.target.value })}
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
      <button type="submit" disabled={confirm.isPending} className={buttonClass("primary", "w-full")}>
        {confirm.isPending ? "Saving..." : "Set new password"}
      </button>
    </form>
  );
}
