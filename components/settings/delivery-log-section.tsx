"use client";

import { IntentLink } from "../app-shell/intent-link";
import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { DELIVERY_OUTCOMES, useDeliveries, type DeliveryOutcome } from "@/lib/client/deliveries";
import { formatDateTime } from "@/lib/format/date";
import { useSetSenderChoice } from "@/lib/client/passthrough";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { Spinner } from "../ui/spinner";

const OUTCOME_LABELS: Record<DeliveryOutcome, string> = {
  filed: "Filed",
  duplicate: "Duplicate",
  blocked: "Blocked",
  muted: "Muted",
  confirmation: "Confirmation",
  screened: "Screened",
  passed_through: "Passed through",
  looped: "Loop stopped",
  pending: "Pending",
  failed: "Failed",
};

const OUTCOME_COLORS: Record<DeliveryOutcome, string> = {
  filed: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200",
  duplicate: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  blocked: "bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-200",
  muted: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  confirmation: "bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200",
  screened: "bg-sky-50 text-sky-800 dark:bg-sky-950/60 dark:text-sky-200",
  passed_through: "bg-violet-50 text-violet-800 dark:bg-violet-950/60 dark:text-violet-200",
  looped: "bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-200",
  pending: "bg-indigo-50 text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200",
  failed: "bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-200",
};

/** Settings' delivery log: every message that reached one of the reader's addresses, and what became of it. */
export function DeliveryLogSection() {
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<DeliveryOutcome | null>(null);
  const deliveries = useDeliveries(page, outcome);
  const data = deliveries.data;
  const choose = useSetSenderChoice();
  const [choiceNotice, setChoiceNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const decide = (sender: string, choice: "newsletter" | "forward") => {
    setChoiceNotice(null);
    choose.mutate(
      { sender, choice },
      {
        onSuccess: () =>
          setChoiceNotice({
            tone: "success",
            text:
              choice === "newsletter"
                ? `Mail from ${sender} will be treated as a newsletter.`
                : `Mail from ${sender} will always be forwarded to your sign-in address.`,
          }),
        onError: (error) => setChoiceNotice({ tone: "error", text: errorMessage(error, "Failed to save your choice.") }),
      },
    );
  };

  return (
    <section
      aria-labelledby="delivery-log-heading"
      className="mx-auto mt-5 max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="delivery-log-heading" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
        Delivery log
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Every message that reached one of your addresses, newest first, and what became of it.
      </p>
      <div className="mt-4 flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <label htmlFor="delivery-outcome" className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Outcome
        </label>
        <select
          id="delivery-outcome"
          value={outcome ?? ""}
          onChange={(event) => {
            setOutcome((event.target.value || null) as DeliveryOutcome | null);
            setPage(1);
          }}
          className={`${inputClass} sm:w-48`}
        >
          <option value="">All outcomes</option>
          {DELIVERY_OUTCOMES.map((value) => (
            <option key={value} value={value}>
              {OUTCOME_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {deliveries.isPending && <Spinner label="Loading delivery log..." className="py-6" />}
      {deliveries.isError && (
        <div className="mt-4 space-y-2">
          <Alert>{errorMessage(deliveries.error, "Failed to load the delivery log")}</Alert>
          <button type="button" onClick={() => void deliveries.refetch()} className={buttonClass("secondary")}>
            Try again
          </button>
        </div>
      )}
      {data && data.items.length === 0 && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
          {outcome ? `No deliveries with the outcome ${OUTCOME_LABELS[outcome]}.` : "No mail has reached your addresses yet."}
        </p>
      )}
      {data && data.items.length > 0 && (
        <>
          <ul aria-label="Deliveries" aria-busy={deliveries.isFetching} className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
            {data.items.map((item) => (
              <li key={item.id} className="space-y-1 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 font-medium wrap-anywhere text-slate-900 dark:text-white">{item.subject || "No Subject"}</p>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${OUTCOME_COLORS[item.outcome]}`}>
                    {OUTCOME_LABELS[item.outcome]}
                  </span>
                </div>
                <p className="text-sm wrap-anywhere text-slate-600 dark:text-slate-300">From {item.from ?? "an unknown sender"}</p>
                <p className="text-xs wrap-anywhere text-slate-500 dark:text-slate-400">
                  {formatDateTime(item.received_at)} · to {item.recipient}
                </p>
                {item.rules.length > 0 && (
                  <p className="text-xs wrap-anywhere text-slate-500 dark:text-slate-400">
                    Rules: {item.rules.map((rule) => rule.name).join(", ")}
                  </p>
                )}
                {item.from && (item.outcome === "filed" || item.outcome === "passed_through") && (
                  <div className="flex flex-wrap gap-2 pt-1">
                    <button
                      type="button"
                      onClick={() => decide(item.from!, "newsletter")}
                      disabled={choose.isPending}
                      className={buttonClass("secondary")}
                    >
                      Treat<span className="sr-only"> mail from {item.from}</span> as newsletter
                    </button>
                    <button
                      type="button"
                      onClick={() => decide(item.from!, "forward")}
                      disabled={choose.isPending}
                      className={buttonClass("secondary")}
                    >
                      Always forward<span className="sr-only"> mail from {item.from}</span>
                    </button>
                  </div>
                )}
                {item.email_id !== null && (
                  <IntentLink
                    href={`/emails/${item.email_id}`}
                    className="inline-block rounded text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300"
                  >
                    Open issue
                  </IntentLink>
                )}
              </li>
            ))}
          </ul>
          {choiceNotice && (
            <Alert tone={choiceNotice.tone} className="mt-3">
              {choiceNotice.text}
            </Alert>
          )}
          {data.total_pages > 1 && (
            <nav aria-label="Delivery log pages" className="mt-3 flex items-center justify-between gap-2">
              <button type="button" onClick={() => setPage(page - 1)} disabled={page <= 1} className={buttonClass("secondary")}>
                Previous
              </button>
              <span className="text-sm text-slate-600 dark:text-slate-300">
                Page {data.current_page} of {data.total_pages}
              </span>
              <button
                type="button"
                onClick={() => setPage(page + 1)}
                disabled={page >= data.total_pages}
                className={buttonClass("secondary")}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
