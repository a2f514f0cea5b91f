"use client";

import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useScreener, useSetScreener } from "@/lib/client/screener";
import { Alert } from "../ui/alert";
import { Spinner } from "../ui/spinner";
import { Switch } from "../settings/switch";

/** Settings' screener: off by default; on, a new sender's first mail waits for the reader's yes or no. */
export function ScreenerSection() {
  const screener = useScreener();
  const set = useSetScreener();
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = (enabled: boolean) => {
    setProblem(null);
    set.mutate(enabled, { onError: (error) => setProblem(errorMessage(error, "Failed to change the Screener.")) });
  };
  return (
    <section
      id="screener"
      aria-labelledby="screener-heading"
      className="mx-auto mt-5 max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="screener-heading" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
        Screener
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        When it is on, the first mail from a sender you never had waits in the Screener instead of your feed. Allow the sender to file it
        and what follows; deny to block them. Mail you import or bring from a connected mailbox is never held.
      </p>
      {screener.isPending && <Spinner label="Loading the Screener..." className="py-4" />}
      {screener.isError && <Alert className="mt-3">{errorMessage(screener.error, "Failed to load the Screener")}</Alert>}
      {screener.data && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <Switch checked={screener.data.enabled} onChange={toggle} label="Screen new senders" disabled={set.isPending} />
          {(screener.data.enabled || screener.data.pending > 0) && (
            <Link
              href="/screener"
              className="rounded text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
            >
              Open the Screener ({screener.data.pending} waiting)
            </Link>
          )}
        </div>
      )}
      {problem && <Alert className="mt-3">{problem}</Alert>}
    </section>
  );
}
