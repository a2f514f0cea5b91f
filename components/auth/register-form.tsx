"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useRegister } from "@/lib/client/auth";
import { registerFormError } from "@/lib/auth/form-checks";
import { GoogleButton } from "../google-sign-in/google-button";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { OrDivider } from "./auth-frame";
import { TextField } from "./text-field";
import { useGoOn } from "./use-go-on";

const EMPTY = { name: "", email: "", password: "", confirmPassword: "" };

export function RegisterForm({ next, googleClientId }: { next: string; googleClientId: string | null }) {
  const register = useRegister();
  const [form, setForm] = useState(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const goOn = useGoOn(next);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = registerFormError(form);
    setFormError(problem);
    if (problem) return;
    register.mutate({ name: form.name.trim(), email: form.email.trim(), password: form.password }, { onSuccess: goOn });
  };

  const shown = formError ?? (register.isError ? errorMessage(register.error, "Registration failed. Please try again.") : null);
  const busy = register.isPending || register.isSuccess;

  return (
    <div className="space-y-6">
      {/* POST: a form sent before the page is interactive must not put the password in the address. */}
      <form method="post" onSubmit={submit} noValidate className="space-y-4" aria-label="Create account">
        <TextField id="name" label="Full name" autoComplete="name" value={form.name} onChange={set("name")} />
        <TextField id="email" label="Email" type="email" autoComplete="email" value={form.email} onChange={set("email")} />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set("password")}
        />
        <TextField
          id="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set("confirmPassword")}
        />
        {shown && <Alert>{shown}</Alert>}
        <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
          {busy ? "Creating account..." : "Create account"}
        </button>
      </form>
      {/* Without GOOGLE_CLIENT_ID Google sign-in cannot work: no button, rather than one that can only fail. */}
      {googleClientId && (
        <>
          <OrDivider />
          <GoogleButton clientId={googleClientId} label="Sign up with Google" onSignedIn={goOn} />
        </>
      )}
    </div>
  );
}
