"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { formatDateTime, formatRelativeTime } from "@/lib/format/date";
import { useDisconnectMailbox, useSyncMailbox, useUpdateMailbox, type Mailbox } from "@/lib/client/mailboxes";
import { TLS_LABELS } from "@/lib/mailboxes/presets";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";

function disconnectConfirmation(mailbox: Mailbox): string {
  return `Disconnect ${mailbox.username} on ${mailbox.host}? Paperboy stops fetching its mail and forgets its password. Mail already filed stays in your feed.`;
}

// `since` is a calendar date: read in UTC, as written, it is the same day wherever the reader is.
const calendarDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const formatSince = (since: string) => (Number.isNaN(Date.parse(since)) ? since : calendarDate.format(new Date(since)));

const AFTER_FILING_TEXT: Record<Mailbox["after_filing"], (mailbox: Mailbox) => string> = {
  leave: () => "left untouched",
  mark_read: () => "marked as read",
  move: (mailbox) => `moved to ${mailbox.move_to ?? "a folder"}`,
};

const STATUS_TEXT: Record<Mailbox["status"], string> = {
  syncing: "Syncing",
  idle: "Watching for new mail",
  paused: "Paused",
  error: "Error",
};

const STATUS_DOT: Record<Mailbox["status"], string> = {
  syncing: "bg-indigo-500",
  idle: "bg-emerald-500",
  paused: "bg-slate-400",
  error: "bg-rose-500",
};

function SyncProgress({ mailbox }: { mailbox: Mailbox }) {
  const percent = mailbox.total > 0 ? Math.min(100, Math.round((mailbox.processed / mailbox.total) * 100)) : 0;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span className="text-slate-700 dark:text-slate-300">{mailbox.total > 0 ? "Going through your mail" : "Looking for mail"}</span>
        <span className="text-slate-600 dark:text-slate-400" data-testid="mailbox-count">
          {mailbox.processed} of {mailbox.total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Sync of ${mailbox.username}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Counts({ mailbox }: { mailbox: Mailbox }) {
  const counts = [
    ["filed", "Filed", mailbox.filed],
    ["skipped", "Skipped", mailbox.skipped],
    ...(mailbox.failed > 0 ? [["failed", "Failed", mailbox.failed] as const] : []),
  ] as const;
  return (
    <dl className="flex flex-wrap gap-2 text-sm">
      {counts.map(([key, name, value]) => (
        <div key={key} className="flex gap-1.5 rounded-lg bg-slate-50 px-3 py-1.5 dark:bg-slate-800/60">
          <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
          <dd className="font-semibold text-slate-900 dark:text-white" data-testid={`mailbox-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The way out of an error: a new app password, when the old one is what stopped working. */
function NewPasswordForm({ mailbox }: { mailbox: Mailbox }) {
  const update = useUpdateMailbox();
  const [password, setPassword] = useState("");
  const id = `mailbox-${mailbox.id}-password`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password) update.mutate({ id: mailbox.id, change: { password } }, { onSuccess: () => setPassword("") });
  };
  return (
    <form onSubmit={submit} className="space-y-1.5" aria-label={`New app password for ${mailbox.username}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        New app password
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          className={inputClass}
        />
        <button type="submit" disabled={update.isPending || !password} className={buttonClass("primary", "shrink-0")}>
          {update.isPending ? "Saving..." : "Save password"}
        </button>
      </div>
      {update.isError && <Alert>{errorMessage(update.error, "Failed to save the password.")}</Alert>}
    </form>
  );
}

function ErrorAdvice({ mailbox }: { mailbox: Mailbox }) {
  return (
    <div className="space-y-3 rounded-lg border border-rose-200 bg-rose-50 px-3 py-3 text-sm text-rose-900 dark:border-rose-900 dark:bg-rose-950/50 dark:text-rose-100">
      <p className="wrap-anywhere" data-testid="mailbox-error">
        <strong>Error:</strong> {mailbox.last_error ?? "the last sync failed."}
      </p>
      <p>
        Paperboy keeps trying, less often as time goes on. If you changed your password or revoked the app password, make a new app password
        and save it here. If your provider turned IMAP off, turn it back on, then press Sync now.
      </p>
      <NewPasswordForm mailbox={mailbox} />
    </div>
  );
}

/** One connected mailbox: what it is doing in words, the first sync's progress, and its controls. */
export function MailboxItem({ mailbox }: { mailbox: Mailbox }) {
  const update = useUpdateMailbox();
  const sync = useSyncMailbox();
  const disconnect = useDisconnectMailbox();
  const name = `${mailbox.username} on ${mailbox.host}`;

  const onDisconnect = () => {
    if (window.confirm(disconnectConfirmation(mailbox))) disconnect.mutate(mailbox.id);
  };
  const failure = update.isError
    ? errorMessage(update.error, "Failed to change the mailbox.")
    : sync.isError
      ? errorMessage(sync.error, "Failed to start a sync.")
      : disconnect.isError
        ? errorMessage(disconnect.error, "Failed to disconnect the mailbox.")
        : null;

  return (
    <li className="space-y-3 py-4" data-testid="mailbox">
      <div className="min-w-0">
        <h3 className="text-sm font-semibold wrap-anywhere text-slate-900 dark:text-white">{mailbox.username}</h3>
        <p className="text-xs wrap-anywhere text-slate-600 dark:text-slate-400">
          {mailbox.host}:{mailbox.port} · {TLS_LABELS[mailbox.tls]} · {mailbox.folders.join(", ")}
        </p>
      </div>

      <p className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
        <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${STATUS_DOT[mailbox.status]}`} />
        <span data-testid="mailbox-status">{STATUS_TEXT[mailbox.status]}</span>
      </p>
      {mailbox.status === "syncing" && <SyncProgress mailbox={mailbox} />}
      {mailbox.status === "paused" && (
        <p className="text-sm text-slate-600 dark:text-slate-400">No mail is fetched until you resume; nothing is missed meanwhile.</p>
      )}
      {mailbox.status === "error" && <ErrorAdvice mailbox={mailbox} />}
      <Counts mailbox={mailbox} />

      <p className="text-xs text-slate-600 dark:text-slate-400">
        {mailbox.last_synced_at ? (
          <>
            Last synced{" "}
            <time dateTime={mailbox.last_synced_at} title={formatDateTime(mailbox.last_synced_at)}>
              {formatRelativeTime(mailbox.last_synced_at)}
            </time>
          </>
        ) : (
          "Not synced yet"
        )}
        {" · "}Newsletters since {formatSince(mailbox.since)}, {AFTER_FILING_TEXT[mailbox.after_filing](mailbox)} after filing
      </p>

      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => update.mutate({ id: mailbox.id, change: { paused: !mailbox.paused } })}
          disabled={update.isPending}
          className={buttonClass("secondary")}
        >
          {mailbox.paused ? "Resume" : "Pause"}
          <span className="sr-only">{` ${name}`}</span>
        </button>
        <button
          type="button"
          onClick={() => sync.mutate(mailbox.id)}
          disabled={sync.isPending || mailbox.paused || mailbox.status === "syncing"}
          className={buttonClass("secondary")}
        >
          {sync.isPending ? "Starting..." : "Sync now"}
          <span className="sr-only">{` ${name}`}</span>
        </button>
        <button type="button" onClick={onDisconnect} disabled={disconnect.isPending} className={buttonClass("danger")}>
          {disconnect.isPending ? "Disconnecting..." : "Disconnect"}
          <span className="sr-only">{` ${name}`}</span>
        </button>
      </div>
      {failure && <Alert>{failure}</Alert>}
    </li>
  );
}
