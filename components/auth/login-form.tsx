"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useLogin } from "@/lib/client/auth";
import { loginFormError } from "@/lib/auth/form-checks";
import { GoogleButton } from "../google-sign-in/google-button";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { OrDivider } from "./auth-frame";
import { TextField } from "./text-field";
import { useGoOn } from "./use-go-on";

export function LoginForm({ next, googleClientId }: { next: string; googleClientId: string | null }) {
  const login = useLogin();
  const [form, setForm] = useState({ email: "", password: "" });
  const [formError, setFormError] = useState<string | null>(null);

  const goOn = useGoOn(next);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = loginFormError(form);
    setFormError(problem);
    if (problem) return;
    login.mutate(form, { onSuccess: goOn });
  };

  const shown = formError ?? (login.isError ? errorMessage(login.error, "Login failed. Please try again.") : null);

  return (
    <div className="space-y-6">
      {/* POST: a form sent before the page is interactive must not put the password in the address. */}
      <form method="post" onSubmit={submit} noValidate className="space-y-4" aria-label="Log in">
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
        />
        <p className="text-right text-sm">
          <Link href="/forgot-password" className="font-semibold text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400">
            Forgot password?
          </Link>
        </p>
        {shown && <Alert>{shown}</Alert>}
        <button type="submit" disabled={login.isPending || login.isSuccess} className={buttonClass("primary", "w-full")}>
          {login.isPending || login.isSuccess ? "Logging in..." : "Log in"}
        </button>
      </form>
      {/* Without GOOGLE_CLIENT_ID Google sign-in cannot work: no button, rather than one that can only fail. */}
      {googleClientId && (
        <>
          <OrDivider />
          <GoogleButton clientId={googleClientId} label="Sign in with Google" onSignedIn={goOn} />
        </>
      )}
    </div>
  );
}
