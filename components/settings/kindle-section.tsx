"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { formatDateTime } from "@/lib/format/date";
import { useKindle, useKindleSends, useSaveKindle, useSendKindleTest, type Kindle, type KindleSend } from "@/lib/client/kindle";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { AnchoredSection } from "./anchored-section";
import { CopyButton } from "./copy-button";

const STATUS: Record<KindleSend["status"], string> = { queued: "Sending", sent: "Sent", failed: "Failed" };

/**
 * Settings' Send to Kindle (docs/contract.md 8.3): the Kindle's address, the sender to approve at Amazon, a
 * test send, and the latest sends with how each went (the one place a send's outcome shows).
 */
export function KindleSection() {
  const kindle = useKindle();
  return (
    <AnchoredSection id="kindle" title="Send to Kindle" ready={!kindle.isPending}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Send issues to your Kindle as e-books: from an issue&apos;s More menu, or with Shift+K on its page.
      </p>
      {kindle.isPending && <Spinner label="Loading your Kindle settings..." className="py-6" />}
      {kindle.isError && <Alert className="mt-4">{errorMessage(kindle.error, "Failed to load your Kindle settings")}</Alert>}
      {kindle.data && <KindleForm saved={kindle.data} />}
      {kindle.data?.address && <KindleSends />}
    </AnchoredSection>
  );
}

function KindleForm({ saved }: { saved: Kindle }) {
  const save = useSaveKindle();
  const test = useSendKindleTest();
  const [address, setAddress] = useState(saved.address ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    test.reset();
    save.mutate(address.trim() || null);
  };
  const remove = () => {
    test.reset();
    save.mutate(null, { onSuccess: () => setAddress("") });
  };
  return (
    <div className="mt-4 space-y-4">
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor="kindle-address" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
          Your Kindle&apos;s e-mail address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="kindle-address"
            type="email"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="name_123@kindle.com"
            autoComplete="off"
            className={`${inputClass} min-w-0 flex-1`}
          />
          <button type="submit" disabled={save.isPending} className={buttonClass("primary")}>
            {save.isPending ? "Saving..." : "Save"}
          </button>
          {saved.address && (
            <button type="button" onClick={remove} disabled={save.isPending} className={buttonClass("secondary")}>
              Remove
            </button>
          )}
        </div>
        {save.isSuccess && <Alert tone="success">{save.data.address ? "Kindle address saved." : "Kindle address removed."}</Alert>}
        {save.isError && <Alert className="wrap-anywhere">{errorMessage(save.error, "Failed to save your Kindle address.")}</Alert>}
      </form>
      <div className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
        <p>
          Amazon only delivers mail from addresses you approve. Add this one at Amazon under Manage Your Content and Devices, Preferences,
          Personal Document Settings, Approved Personal Document E-mail List:
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <code
            className="min-w-0 break-all rounded-lg bg-white px-3 py-2 font-mono text-slate-900 dark:bg-slate-900 dark:text-slate-100"
            data-testid="kindle-sender"
          >
            {saved.sender}
          </code>
          <CopyButton text={saved.sender} />
        </div>
      </div>
      {saved.address && (
        <div className="space-y-2">
          <button type="button" onClick={() => test.mutate()} disabled={test.isPending} className={buttonClass("secondary")}>
            {test.isPending ? "Sending..." : "Send a test"}
          </button>
          {test.isSuccess && <Alert tone="success">A test book is on its way to {saved.address}.</Alert>}
          {test.isError && <Alert className="wrap-anywhere">{errorMessage(test.error, "Failed to send a test.")}</Alert>}
        </div>
      )}
    </div>
  );
}

function KindleSends() {
  const sends = useKindleSends();
  if (sends.isPending) return null;
  if (sends.isError) return <Alert className="mt-4">{errorMessage(sends.error, "Failed to load your sends")}</Alert>;
  return (
    <div className="mt-5">
      <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Recent sends</h3>
      {sends.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nothing sent yet.</p>
      ) : (
        <ul aria-label="Recent sends" className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {sends.data.map((send) => (
            <li key={send.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
              <span className="min-w-0 flex-1 break-words text-slate-900 dark:text-white">{send.title}</span>
              <span className="text-slate-600 dark:text-slate-400">{formatDateTime(send.sent_at ?? send.created_at)}</span>
              <span
                className={
                  send.status === "failed"
                    ? "font-medium text-rose-700 dark:text-rose-300"
                    : "font-medium text-slate-700 dark:text-slate-200"
                }
              >
                {STATUS[send.status]}
              </span>
              {send.detail && <span className="basis-full text-slate-600 dark:text-slate-400">{send.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
