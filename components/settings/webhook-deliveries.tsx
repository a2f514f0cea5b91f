"use client";

import { errorMessage } from "@/lib/api/client";
import { formatDateTime } from "@/lib/format/date";
import { useWebhookDeliveries, type Webhook, type WebhookDelivery } from "@/lib/client/webhooks";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Spinner } from "../ui/spinner";

const STATUS: Record<WebhookDelivery["status"], { label: string; tone: string }> = {
  delivered: { label: "Delivered", tone: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" },
  pending: { label: "Trying again", tone: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200" },
  failed: { label: "Failed", tone: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200" },
};

function outcome(delivery: WebhookDelivery): string {
  if (delivery.attempts === 0) return "Not sent yet";
  const tries = delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`;
  return [tries, delivery.error ?? (delivery.response_status ? `answered ${delivery.response_status}` : null)].filter(Boolean).join(" · ");
}

/** One webhook's latest deliveries, newest first, with what the receiver answered. */
export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useWebhookDeliveries(webhook.id);
  return (
    <details className="rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/50">
      <summary className="cursor-pointer text-slate-700 dark:text-slate-200">Recent deliveries</summary>
      <div className="mt-2 space-y-2">
        {deliveries.isPending && <Spinner label="Loading deliveries..." className="py-2" />}
        {deliveries.isError && <Alert>{errorMessage(deliveries.error, "Failed to load the deliveries")}</Alert>}
        {deliveries.data && deliveries.data.length === 0 && (
          <p className="text-slate-500 dark:text-slate-400">Nothing sent yet: the next email that arrives will be.</p>
        )}
        {deliveries.data && deliveries.data.length > 0 && (
          <ul aria-label={`Deliveries to ${webhook.url}`} className="space-y-1.5">
            {deliveries.data.map((delivery) => (
              <li key={delivery.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS[delivery.status].tone}`}>
                  {STATUS[delivery.status].label}
                </span>
                <span className="text-slate-700 dark:text-slate-200">{formatDateTime(delivery.created_at)}</span>
                <span className="text-xs wrap-anywhere text-slate-500 dark:text-slate-400">{outcome(delivery)}</span>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
          className={buttonClass("secondary")}
        >
          {deliveries.isFetching && !deliveries.isPending ? "Refreshing..." : "Refresh"}
        </button>
      </div>
    </details>
  );
}
