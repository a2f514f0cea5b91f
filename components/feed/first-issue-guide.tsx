"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState, type ReactNode } from "react";
import { errorMessage } from "@/lib/api/client";
import { emailKeys } from "@/lib/client/query-keys";
import { useSendSampleIssue } from "@/lib/client/mail";
import { CopyButton } from "../settings/copy-button";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Spinner } from "../ui/spinner";

// The sample is filed before the call answers; the feed is asked again until it shows the issue (which
// replaces this guide), and past half a minute the reader is told rather than left waiting.
const ARRIVAL_POLL_MS = 1_000;
const ARRIVAL_TIMEOUT_MS = 30_000;

const linkClass = "font-semibold text-indigo-600 underline underline-offset-4 hover:text-indigo-500 dark:text-indigo-400";

function Way({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h4 className="font-semibold text-slate-900 dark:text-white">{title}</h4>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{children}</p>
    </li>
  );
}

function FilterSteps({ provider, steps }: { provider: string; steps: ReactNode[] }) {
  return (
    <details className="group rounded-xl border border-slate-200 dark:border-slate-800">
      <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-white">
        Forward newsletters from {provider}
      </summary>
      <ol className="list-decimal space-y-1.5 px-4 pb-4 pl-9 text-sm text-slate-600 dark:text-slate-300">
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    </details>
  );
}

/** The empty feed of a reader with no mail yet: their address, the ways mail gets in, and a sample issue to try. */
export function FirstIssueGuide({ address }: { address: string }) {
  const send = useSendSampleIssue();
  const queryClient = useQueryClient();
  const [arrival, setArrival] = useState<"idle" | "waiting" | "late">("idle");

  useEffect(() => {
    if (arrival !== "waiting") return;
    // A poll lets a request still on its way finish instead of starting over: on a slow connection each would
    // be cut short by the next, and the issue would never show.
    const refresh = () => void queryClient.invalidateQueries({ queryKey: emailKeys.lists() }, { cancelRefetch: false });
    refresh();
    const poll = window.setInterval(refresh, ARRIVAL_POLL_MS);
    const giveUp = window.setTimeout(() => setArrival("late"), ARRIVAL_TIMEOUT_MS);
    return () => {
      window.clearInterval(poll);
      window.clearTimeout(giveUp);
    };
  }, [arrival, queryClient]);

  const sendSample = () => {
    setArrival("idle");
    send.mutate(undefined, { onSuccess: () => setArrival("waiting") });
  };
  const busy = send.isPending || arrival === "waiting";
  const addressLine = <strong className="break-all font-semibold text-slate-900 dark:text-white">{address}</strong>;

  return (
    <section
      aria-labelledby="first-issue-title"
      className="mx-auto max-w-3xl space-y-6 rounded-2xl border border-dashed border-slate-300 bg-white px-5 py-8 sm:px-8 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="space-y-2 text-center">
        <p className="text-slate-600 dark:text-slate-300">No newsletters in your feed yet.</p>
        <h2 id="first-issue-title" className="text-xl font-bold tracking-tight text-slate-900 dark:text-white">
          Get your first issue
        </h2>
      </div>

      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Your Paperboy address</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <code
            className="min-w-0 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100"
            data-testid="feed-unique-email"
          >
            {address}
          </code>
          <CopyButton text={address} what="your Paperboy address" />
        </div>
      </div>

      <div className="space-y-3 rounded-xl bg-indigo-50 p-4 dark:bg-indigo-950/40">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          See how an issue looks here: a sample newsletter is sent to your address and lands in this feed.
        </p>
        <button type="button" onClick={sendSample} disabled={busy} aria-busy={busy} className={buttonClass("primary", "w-full sm:w-auto")}>
          {send.isPending ? "Sending..." : "Send me a sample issue"}
        </button>
        {arrival === "waiting" && <Spinner label="Your sample issue is on its way..." className="justify-start" />}
        {arrival === "late" && <Alert>The sample issue has not arrived yet. Please reload the feed in a moment.</Alert>}
        {send.isError && <Alert>{errorMessage(send.error, "Failed to send the sample issue. Please try again.")}</Alert>}
      </div>

      <div className="space-y-3">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">Three ways to get your newsletters here</h3>
        <ol className="grid gap-3 sm:grid-cols-3">
          <Way title="Forward or subscribe">
            Subscribe to newsletters with your Paperboy address, or forward the issues you already get to it.{" "}
            <Link href="/discover" className={linkClass}>
              Discover newsletters
            </Link>
          </Way>
          <Way title="Connect a mailbox">
            Paperboy files the newsletters already arriving in Gmail, iCloud, Fastmail or any IMAP mailbox.{" "}
            <Link href="/settings#mailboxes" className={linkClass}>
              Connect a mailbox
            </Link>
          </Way>
          <Way title="Import">
            Bring the newsletters you kept: an mbox export (Google Takeout, Thunderbird) or .eml files.{" "}
            <Link href="/settings#import" className={linkClass}>
              Import mail
            </Link>
          </Way>
        </ol>
      </div>

      <div className="space-y-3">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">Forward newsletters automatically</h3>
        <FilterSteps
          provider="Gmail"
          steps={[
            <>
              In Gmail, open Settings, See all settings, Forwarding and POP/IMAP, and choose Add a forwarding address: enter {addressLine}.
            </>,
            "Gmail sends a confirmation to that address: it appears at the top of this feed. Open it and confirm.",
            <>
              Search for <code className="font-mono">unsubscribe</code> (or a newsletter&apos;s sender), open the search options and choose
              Create filter.
            </>,
            <>Tick Forward it to, pick your Paperboy address, and choose Create filter.</>,
          ]}
        />
        <FilterSteps
          provider="Outlook"
          steps={[
            "In Outlook on the web, open Settings, Mail, Rules, and choose Add new rule.",
            <>
              Add a condition: Message body includes <code className="font-mono">unsubscribe</code> (or From, a newsletter&apos;s sender).
            </>,
            <>Add an action: Forward to {addressLine}, then Save.</>,
          ]}
        />
      </div>
    </section>
  );
}
