"use client";

import dynamic from "next/dynamic";
import { useRef, type ReactNode } from "react";
import { ListenBar } from "./listen-bar";
import { useReading } from "./reading-context";
import { useReadingProgress } from "./use-reading-progress";

// Shown when the reader asks for it, never at first paint: fetched then (issue 34's budget).
const ReaderView = dynamic(() => import("./reader-view").then((module) => module.ReaderView), { ssr: false });

type Props = {
  issue: {
    id: number;
    subject: string | null;
    body_html: string | null;
    body_plain: string | null;
    read_progress: number | null;
    public_share_id: string | null;
  };
  /** The original body (the frame or the plain text), kept mounted while reader view is shown. */
  children: ReactNode;
};

/**
 * The issue's text: the original, or reader view in its place, and Listen's controls under it. The
 * reader's place in it is kept; a public issue read without a copy of one's own (no share id) has none.
 */
export function ReadingSurface({ issue, children }: Props) {
  const { readerView } = useReading();
  const text = useRef<HTMLDivElement>(null);
  useReadingProgress(text, issue.id, issue.read_progress, issue.public_share_id !== null);
  return (
    <div ref={text}>
      <div hidden={readerView}>{children}</div>
      {readerView && <ReaderView emailId={issue.id} subject={issue.subject || "No Subject"} bodyHtml={issue.body_html} bodyPlain={issue.body_plain} />}
      <ListenBar />
    </div>
  );
}
