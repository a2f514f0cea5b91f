"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { ApiError, errorMessage } from "@/lib/api/client";
import { useKindleSendState, useSendToKindle } from "@/lib/client/kindle-send";
import { Alert } from "../ui/alert";
import type { MenuEntry } from "../ui/overflow-menu";

/** Starts the browser's own download of a file the server names (Content-Disposition), the page staying where it is. */
function download(href: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

export const KINDLE_SENT = "On its way to your Kindle: it arrives within a few minutes.";
export const KINDLE_FAILED = "Failed to send to your Kindle.";

/** The "take it with you" entries of the More menu (Download EPUB, Send to Kindle), and what the last send says. */
export function useTakeAway(emailId: number): { entries: MenuEntry[]; notice: ReactNode } {
  const send = useSendToKindle(emailId);
  const state = useKindleSendState(emailId);
  let notice: ReactNode = null;
  if (state?.status === "pending") notice = <Alert tone="success">Sending to your Kindle...</Alert>;
  else if (state?.status === "success") notice = <Alert tone="success">{KINDLE_SENT}</Alert>;
  else if (state?.status === "error")
    notice = (
      <Alert>
        {errorMessage(state.error, KINDLE_FAILED)}
        {state.error instanceof ApiError && state.error.status === 409 && (
          <>
            {" "}
            <Link href="/settings#kindle" className="font-medium underline">
              Open Settings
            </Link>
          </>
        )}
      </Alert>
    );
  return {
    entries: [
      { id: "epub", label: "Download EPUB", onSelect: () => download(`/api/issues/${emailId}/epub`) },
      { id: "kindle", label: "Send to Kindle", disabled: send.isPending, onSelect: () => send.mutate() },
    ],
    notice,
  };
}
