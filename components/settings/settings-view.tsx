"use client";

import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCurrentUser, useLogout } from "@/lib/client/auth";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { LogoutIcon } from "../ui/icons";
import { Spinner } from "../ui/spinner";
import { CopyButton } from "./copy-button";

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="mb-3 text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}

export function SettingsView() {
  const { data: user, isPending } = useCurrentUser();
  const logout = useLogout();

  if (isPending) return <Spinner label="Loading..." className="py-16" />;
  if (!user) return null;

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <Card title="Account">
        <p className="break-words text-slate-700 dark:text-slate-300" data-testid="logged-in-as">
          Logged in as: <strong className="font-semibold text-slate-900 dark:text-white">{user.username}</strong> ({user.email})
        </p>
      </Card>

      {user.unique_email && (
        <Card title="Your Unique Email">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Forward your newsletters to this address to get them in your Paperboy feed.
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <code
              className="min-w-0 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
              data-testid="unique-email"
            >
              {user.unique_email}
            </code>
            <CopyButton text={user.unique_email} />
          </div>
        </Card>
      )}

      <Card title="Session">
        <div className="space-y-3">
          <button
            type="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending || logout.isSuccess}
            className={buttonClass("danger")}
          >
            <LogoutIcon />
            {logout.isPending || logout.isSuccess ? "Logging out..." : "Logout"}
          </button>
          {logout.isError && <Alert>{errorMessage(logout.error, "Logout failed")}</Alert>}
        </div>
      </Card>
    </div>
  );
}
