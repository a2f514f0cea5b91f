"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useSaveSummaries, useSummaries } from "@/lib/client/summaries";
import { Alert } from "../ui/alert";
import { Switch } from "./switch";

/** Settings' summaries by a language model: only where the operator configured one, and only for a reader who turns them on. */
export function SummariesSection() {
  const summaries = useSummaries();
  const save = useSaveSummaries();
  const [failure, setFailure] = useState<string | null>(null);

  // Without a model endpoint (or before it is known) there is nothing to offer.
  if (!summaries.data && !summaries.isError) return null;

  return (
    <section
      id="summaries"
      aria-labelledby="summaries-heading"
      className="mx-auto mt-5 max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="summaries-heading" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
        Summaries
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        A language model chosen by this server&apos;s operator writes a few sentences about each new issue. Turned on, the text of your
        issues is sent to it; turned off, nothing is, and each issue keeps the summary Paperboy takes from its first lines.
      </p>
      {summaries.isError && <Alert className="mt-3">{errorMessage(summaries.error, "Failed to load the summaries setting")}</Alert>}
      {summaries.data && (
        <div className="mt-3">
          <Switch
            checked={summaries.data.enabled}
            onChange={(enabled) => {
              setFailure(null);
              save.mutate(enabled, { onError: (error) => setFailure(errorMessage(error, "Failed to save the setting.")) });
            }}
            label="Summaries"
          />
        </div>
      )}
      {failure && <Alert className="mt-3">{failure}</Alert>}
    </section>
  );
}
