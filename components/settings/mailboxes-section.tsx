"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/client/auth";
import { useMailboxes } from "@/lib/client/mailboxes";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { AnchoredSection } from "./anchored-section";
import { MailboxItem } from "./mailbox-item";
import { lazyComponent } from "../ui/lazy-component";

// Loaded when the reader opens it: the form checks with the route's zod schema, which Settings need not ship otherwise.
const ConnectMailboxForm = lazyComponent(() => import("./connect-mailbox-form").then((module) => module.ConnectMailboxForm));

/**
 * Settings' connected mailboxes (docs/contract.md 7.1): the newsletters already arriving in Gmail, iCloud or any
 * IMAP mailbox are filed here, the first sync's progress shown as it goes.
 */
export function MailboxesSection() {
  const { data: user } = useCurrentUser();
  const mailboxes = useMailboxes();
  const [open, setOpen] = useState(false);
  const [connected, setConnected] = useState<string | null>(null);

  return (
    <AnchoredSection id="mailboxes" title="Connected mailboxes" ready={Boolean(user) && !mailboxes.isPending}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Connect the mailbox where your newsletters already arrive. Paperboy files the ones it finds there, then every new one within
        seconds, with no need to subscribe again anywhere.
      </p>

      {mailboxes.isPending && <Spinner label="Loading mailboxes..." className="py-6" />}
      {mailboxes.isError && (
        <div className="mt-4 space-y-2">
          <Alert>{errorMessage(mailboxes.error, "Failed to load your mailboxes")}</Alert>
          <button type="button" onClick={() => void mailboxes.refetch()} className={buttonClass("secondary")}>
            Try again
          </button>
        </div>
      )}
      {mailboxes.data && mailboxes.data.length === 0 && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">No mailbox is connected yet.</p>
      )}
      {mailboxes.data && mailboxes.data.length > 0 && (
        <ul
          aria-label="Your connected mailboxes"
          className="mt-4 divide-y divide-slate-100 border-y border-slate-100 dark:divide-slate-800 dark:border-slate-800"
        >
          {mailboxes.data.map((mailbox) => (
            <MailboxItem key={mailbox.id} mailbox={mailbox} />
          ))}
        </ul>
      )}
      {connected && (
        <Alert tone="success" className="mt-4 wrap-anywhere">
          {connected} is connected. Its first sync has started.
        </Alert>
      )}

      <button
        type="button"
        aria-expanded={open}
        aria-controls="connect-mailbox"
        onClick={() => {
          setOpen(!open);
          setConnected(null);
        }}
        className={buttonClass(open ? "secondary" : "primary", "mt-4")}
      >
        {open ? "Cancel" : "Connect a mailbox"}
      </button>
      <div id="connect-mailbox" hidden={!open} className="mt-4 border-t border-slate-100 pt-4 dark:border-slate-800">
        {open && (
          <ConnectMailboxForm
            onConnected={(mailbox) => {
              setOpen(false);
              setConnected(mailbox.username);
            }}
          />
        )}
      </div>
    </AnchoredSection>
  );
}
