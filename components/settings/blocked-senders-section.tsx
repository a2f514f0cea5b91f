"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useBlockedSenders, useBlockSender, useUnblockSender } from "@/lib/client/control";
import { formatDateTime } from "@/lib/format/date";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { Spinner } from "../ui/spinner";

/** Settings' blocked senders: mail from them is accepted but never filed for the reader. */
export function BlockedSendersSection() {
  const blocked = useBlockedSenders();
  const block = useBlockSender();
  const unblock = useUnblockSender();
  const [sender, setSender] = useState("");
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    block.mutate(sender, {
      onSuccess: (entry) => {
        setSender("");
        setNotice({ tone: "success", text: `Blocked ${entry.sender}.` });
      },
      onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to block the sender.") }),
    });
  };

  const remove = (id: number, what: string) => {
    setNotice(null);
    unblock.mutate(id, {
      onSuccess: () => setNotice({ tone: "success", text: `Unblocked ${what}.` }),
      onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to unblock the sender.") }),
    });
  };

  return (
    <section
      aria-labelledby="blocked-senders-heading"
      className="mx-auto mt-5 max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="blocked-senders-heading" className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
        Blocked senders
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Mail from these senders is accepted, so they cannot tell, but never filed for you. Block an address, or a whole domain as
        @example.com.
      </p>
      <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="blocked-sender-input" className="sr-only">
          Sender address or @domain
        </label>
        <input
          id="blocked-sender-input"
          value={sender}
          onChange={(event) => setSender(event.target.value)}
          placeholder="news@example.com or @example.com"
          autoComplete="off"
          spellCheck={false}
          className={inputClass}
        />
        <button type="submit" disabled={block.isPending || sender.trim() === ""} className={buttonClass("primary", "shrink-0")}>
          {block.isPending ? "Blocking..." : "Block"}
        </button>
      </form>
      {notice && (
        <Alert tone={notice.tone} className="mt-3 wrap-anywhere">
          {notice.text}
        </Alert>
      )}
      {blocked.isPending && <Spinner label="Loading blocked senders..." className="py-6" />}
      {blocked.isError && <Alert className="mt-4">{errorMessage(blocked.error, "Failed to load blocked senders")}</Alert>}
      {blocked.data && blocked.data.length === 0 && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">You have not blocked any sender.</p>
      )}
      {blocked.data && blocked.data.length > 0 && (
        <ul aria-label="Blocked senders" className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
          {blocked.data.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{entry.sender}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">Blocked {formatDateTime(entry.created_at)}</p>
              </div>
              <button
                type="button"
                onClick={() => remove(entry.id, entry.sender)}
                disabled={unblock.isPending}
                aria-label={`Unblock ${entry.sender}`}
                className={buttonClass("secondary")}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
