"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { formatDateTime } from "@/lib/format/date";
import { useDecideSender, useScreenedSenders } from "@/lib/client/screener";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Spinner } from "../ui/spinner";

/** The senders waiting in the reader's Screener, each with Allow and Deny. */
export function ScreenerList() {
  const senders = useScreenedSenders();
  const decide = useDecideSender();
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const choose = (sender: string, decision: "allow" | "deny") => {
    if (decision === "deny" && !window.confirm(`Deny ${sender}? Their mail will be blocked.`)) return;
    setNotice(null);
    decide.mutate(
      { sender, decision },
      {
        onSuccess: () =>
          setNotice({
            tone: "success",
            text: decision === "allow" ? `Allowed ${sender}: their mail is in your feed.` : `Denied ${sender}.`,
          }),
        onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to decide about the sender.") }),
      },
    );
  };

  return (
    <div className="mx-auto max-w-2xl space-y-4 pt-10 min-[769px]:pt-0">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Screener</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">First mail from new senders waits here until you allow or deny them.</p>
      {notice && (
        <Alert tone={notice.tone} className="wrap-anywhere">
          {notice.text}
        </Alert>
      )}
      {senders.isPending && <Spinner label="Loading the Screener..." className="py-10" />}
      {senders.isError && (
        <div className="space-y-2">
          <Alert>{errorMessage(senders.error, "Failed to load the Screener")}</Alert>
          <button type="button" onClick={() => void senders.refetch()} className={buttonClass("secondary")}>
            Try again
          </button>
        </div>
      )}
      {senders.data && senders.data.length === 0 && (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-500 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
          Nobody is waiting. New senders show up here while the Screener is on.
        </p>
      )}
      {senders.data && senders.data.length > 0 && (
        <ul
          aria-label="Senders waiting"
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {senders.data.map((item) => (
            <li key={item.sender} className="flex flex-wrap items-center justify-between gap-3 py-4">
              <div className="min-w-0">
                <p className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{item.sender}</p>
                <p className="text-sm wrap-anywhere text-slate-600 dark:text-slate-300">{item.subject || "No Subject"}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {item.held} {item.held === 1 ? "message" : "messages"} waiting since {formatDateTime(item.received_at)}
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => choose(item.sender, "allow")}
                  disabled={decide.isPending}
                  aria-label={`Allow ${item.sender}`}
                  className={buttonClass("primary", "py-2")}
                >
                  Allow
                </button>
                <button
                  type="button"
                  onClick={() => choose(item.sender, "deny")}
                  disabled={decide.isPending}
                  aria-label={`Deny ${item.sender}`}
                  className={buttonClass("danger", "py-2")}
                >
                  Deny
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
