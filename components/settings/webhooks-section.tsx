"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCurrentUser } from "@/lib/client/auth";
import { formatDateTime } from "@/lib/format/date";
import { useCreateWebhook, useDeleteWebhook, useWebhooks, type NewWebhook, type Webhook } from "@/lib/client/webhooks";
import { TextField } from "../auth/text-field";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { AnchoredSection } from "./anchored-section";
import { CopyButton } from "./copy-button";
import { WebhookDeliveries } from "./webhook-deliveries";

/**
 * Settings' webhooks (docs/contract.md 7.6): a URL Paperboy POSTs each arriving email to, signed as Standard
 * Webhooks sign. The signing secret is shown once, right here; it is kept sealed and never shown again.
 */
export function WebhooksSection() {
  const { data: user } = useCurrentUser();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const [url, setUrl] = useState("");
  const [made, setMade] = useState<NewWebhook | null>(null);
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMade(null);
    setNotice(null);
    create.mutate(
      { url: url.trim(), events: ["email.received"] },
      {
        onSuccess: (webhook) => {
          setUrl("");
          setMade(webhook);
        },
      },
    );
  };

  const onDelete = (webhook: Webhook) => {
    if (!window.confirm(`Delete the webhook to ${webhook.url}? Paperboy stops sending it events at once.`)) return;
    setNotice(null);
    if (made?.id === webhook.id) setMade(null);
    remove.mutate(webhook.id, {
      onSuccess: () => setNotice({ tone: "success", text: "Webhook deleted." }),
      onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to delete the webhook.") }),
    });
  };

  return (
    <AnchoredSection id="webhooks" title="Webhooks" ready={Boolean(user) && !webhooks.isPending}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Tell another program the moment an email arrives: Paperboy POSTs it as JSON to your URL, signed as{" "}
        <a href="https://www.standardwebhooks.com/" className="underline" target="_blank" rel="noreferrer">
          Standard Webhooks
        </a>{" "}
        sign, and tries again for half an hour if the program is down.
      </p>

      <form onSubmit={submit} className="mt-4 space-y-3" aria-label="New webhook">
        <TextField
          id="new-webhook-url"
          label="URL"
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          maxLength={2000}
          placeholder="https://example.com/paperboy"
          autoComplete="off"
        />
        <button type="submit" disabled={create.isPending || url.trim() === ""} className={buttonClass("primary")}>
          {create.isPending ? "Adding the webhook..." : "Add webhook"}
        </button>
        {create.isError && <Alert className="wrap-anywhere">{errorMessage(create.error, "Failed to add the webhook.")}</Alert>}
      </form>

      {made && (
        <div
          role="status"
          className="mt-4 space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
        >
          <p className="text-sm font-medium text-amber-900 dark:text-amber-100">
            Copy the signing secret now: it will not be shown again. The receiving program checks each event with it.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <code
              data-testid="new-webhook-secret"
              className="min-w-0 flex-1 break-all rounded-lg bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100"
            >
              {made.secret}
            </code>
            <CopyButton text={made.secret} what="the webhook's signing secret" />
          </div>
          <button type="button" onClick={() => setMade(null)} className={buttonClass("secondary")}>
            Done
          </button>
        </div>
      )}
      {notice && (
        <Alert tone={notice.tone} className="mt-3 wrap-anywhere">
          {notice.text}
        </Alert>
      )}

      {webhooks.isPending && <Spinner label="Loading webhooks..." className="py-6" />}
      {webhooks.isError && (
        <div className="mt-4 space-y-2">
          <Alert>{errorMessage(webhooks.error, "Failed to load your webhooks")}</Alert>
          <button type="button" onClick={() => void webhooks.refetch()} className={buttonClass("secondary")}>
            Try again
          </button>
        </div>
      )}
      {webhooks.data && webhooks.data.length === 0 && (
        <p className="mt-5 text-sm text-slate-500 dark:text-slate-400">You have no webhooks.</p>
      )}
      {webhooks.data && webhooks.data.length > 0 && (
        <ul
          aria-label="Your webhooks"
          className="mt-5 divide-y divide-slate-100 border-t border-slate-100 dark:divide-slate-800 dark:border-slate-800"
        >
          {webhooks.data.map((webhook) => (
            <li key={webhook.id} className="space-y-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-mono text-sm wrap-anywhere text-slate-900 dark:text-slate-100">{webhook.url}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    Each email that arrives · Added {formatDateTime(webhook.created_at)}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => onDelete(webhook)}
                  disabled={remove.isPending}
                  aria-label={`Delete the webhook to ${webhook.url}`}
                  className={buttonClass("danger")}
                >
                  Delete
                </button>
              </div>
              <WebhookDeliveries webhook={webhook} />
            </li>
          ))}
        </ul>
      )}
    </AnchoredSection>
  );
}
