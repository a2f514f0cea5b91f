"use client";

import { useState, type FormEvent } from "react";
import { useRequestPasswordReset } from "@/lib/client/account";
import { errorMessage } from "@/lib/api/client";
import { AuthMessages, isValidEmail } from "@/lib/auth/form-checks";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { TextField } from "./text-field";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = !email.trim() ? "Email is required." : !isValidEmail(email) ? AuthMessages.invalidEmail : null;
    setFormError(problem);
    if (!problem) request.mutate(email.trim());
  };

  if (request.isSuccess) {
    return (
      <Alert tone="success">
        If an account uses {email.trim()}, a link to reset its password is on its way. It works once, within one hour.
      </Alert>
    );
  }
  const shown = formError ?? (request.isError ? errorMessage(request.error, "Failed to send the reset link. Please try again.") : null);
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4" aria-label="Reset password">
      <TextField id="email" label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      {shown && <Alert>{shown}</Alert>}
      <button type="submit" disabled={request.isPending} className={buttonClass("primary", "w-full")}>
        {request.isPending ? "Sending..." : "Send reset link"}
      </button>
    </form>
  );
}
