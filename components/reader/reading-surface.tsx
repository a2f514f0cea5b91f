"use client";

import { useRef, type ReactNode } from "react";
import { useReading } from "./reading-context";
import { useReadingProgress } from "./use-reading-progress";
import { lazyComponent } from "../ui/lazy-component";

// Shown when the reader asks for it, never at first paint: fetched then (issue 34's budget).
const ReaderView = lazyComponent(() => import("./reader-view").then((module) => module.ReaderView));
// Listen's controls, there only while the issue is read aloud.
const ListenBar = lazyComponent(() => import("./listen-bar").then((module) => module.ListenBar));

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
  const { readerView, listen } = useReading();
  const text = useRef<HTMLDivElement>(null);
  const place = useReadingProgress(text, issue.id, issue.read_progress, issue.public_share_id !== null);
  return (
    <div ref={text}>
      {place.resumed && (
        <p
          role="status"
          className="fixed inset-x-0 bottom-20 z-30 mx-auto flex w-fit max-w-[calc(100vw-2rem)] items-center gap-3 rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          Resumed where you left off
          <button
            type="button"
            onClick={place.toTop}
            className="font-semibold underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
          >
            Back to the top
          </button>
        </p>
      )}
      <div hidden={readerView}>{children}</div>
      {readerView && (
        <ReaderView emailId={issue.id} subject={issue.subject || "No Subject"} bodyHtml={issue.body_html} bodyPlain={issue.body_plain} />
      )}
      {listen.status !== "idle" && <ListenBar />}
    </div>
  );
}
