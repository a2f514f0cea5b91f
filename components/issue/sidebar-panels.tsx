"use client";

import { useAttachments } from "@/lib/client/attachments";
import { HighlightsPanel } from "../highlights/highlights-panel";
import { lazyComponent } from "../ui/lazy-component";
import { RecentIssues } from "./recent-issues";

// Most issues have no files: the panel's code is fetched for one that has (issue 41's budget).
const AttachmentsPanel = lazyComponent(() => import("./attachments-panel").then((module) => module.AttachmentsPanel));

function Attachments({ emailId }: { emailId: number }) {
  const attachments = useAttachments(emailId);
  return attachments.data && attachments.data.length > 0 && <AttachmentsPanel emailId={emailId} />;
}

/** The issue's sidebar after its summary: its files, the reader's highlights and, unless comments are open, recent issues. */
export function SidebarPanels({ emailId, newsletterId, recent }: { emailId: number; newsletterId: number | null; recent: boolean }) {
  return (
    <>
      <Attachments emailId={emailId} />
      <HighlightsPanel emailId={emailId} />
      {recent && <RecentIssues newsletterId={newsletterId} currentId={emailId} />}
    </>
  );
}
