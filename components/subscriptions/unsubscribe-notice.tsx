"use client";

import type { LeaveResult } from "@/lib/client/subscriptions";
import { Alert } from "../ui/alert";

const linkClass =
  "font-semibold underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 rounded";

/** The sender's page, in a new tab that learns nothing of Paperboy (no opener, no Referer). */
function SenderPage({ url, children }: { url: string; children: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** What became of an unsubscribe, in the reader's words: told, mailed, one step left, or not reached. */
export function UnsubscribeNotice({ result, name, className = "" }: { result: LeaveResult; name: string; className?: string }) {
  if (result.outcome === "failed") {
    return (
      <Alert className={className}>
        Could not reach {name}. You are still subscribed.
        {result.url && (
          <>
            {" "}
            You can try <SenderPage url={result.url}>its unsubscribe page</SenderPage>.
          </>
        )}
      </Alert>
    );
  }
  if (result.outcome === "open_link" && result.url) {
    return (
      <Alert tone="success" className={className}>
        One step left: <SenderPage url={result.url}>open this page to finish unsubscribing</SenderPage> from {name}.
      </Alert>
    );
  }
  const text =
    result.outcome === "no_way_out"
      ? `Unsubscribed in Paperboy. ${name} gave no way to unsubscribe from its mail, so it may keep arriving.`
      : result.method === "mailto"
        ? `Unsubscribed. An unsubscribe email is on its way to ${name}.`
        : `Unsubscribed. ${name} has been told to stop sending.`;
  return (
    <Alert tone="success" className={className}>
      {text}
    </Alert>
  );
}
