"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import { useIssueHighlights } from "@/lib/client/issue-highlights";
import { EmailFrame, PlainBody } from "../email/email-frame";
import { lazyComponent } from "../ui/lazy-component";

const LoadedHighlighter = lazyComponent(() => import("./highlighter").then((module) => module.Highlighter));

type HighlighterProps = { emailId: number; root: HTMLElement | null; wrapper: RefObject<HTMLDivElement | null> };

/**
 * Painting and offering highlights: their code is fetched once the issue has highlights to paint or the
 * reader first selects text in it, not with the issue's first paint (issue 41's budget). The loaded
 * highlighter reads the selection that fetched it.
 */
function Highlighter({ emailId, root, wrapper }: HighlighterProps) {
  const highlights = useIssueHighlights(emailId);
  const [selecting, setSelecting] = useState(false);
  useEffect(() => {
    if (!root || selecting) return;
    const doc = root.ownerDocument;
    const onChange = () => {
      if (doc.getSelection()?.isCollapsed === false) setSelecting(true);
    };
    doc.addEventListener("selectionchange", onChange);
    return () => doc.removeEventListener("selectionchange", onChange);
  }, [root, selecting]);
  const wanted = selecting || (highlights.data?.items.length ?? 0) > 0;
  return wanted && <LoadedHighlighter emailId={emailId} root={root} wrapper={wrapper} />;
}

/**
 * The issue's frame with the reader's highlights painted in it. The frame runs no script of its own (its
 * policy forbids any): this page reads the selection and marks the text through the same-origin document,
 * as it already catches the frame's link clicks.
 */
export function HighlightableFrame({ emailId, html, title }: { emailId: number; html: string; title: string }) {
  const [body, setBody] = useState<HTMLElement | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  return (
    <div ref={wrapper} className="relative">
      <EmailFrame html={html} title={title} onBody={setBody} />
      <Highlighter emailId={emailId} root={body} wrapper={wrapper} />
    </div>
  );
}

/** A plain-text issue, highlighted in the page itself. */
export function HighlightablePlainBody({ emailId, text }: { emailId: number; text: string }) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  return (
    <div ref={wrapper} className="relative">
      <div ref={setRoot}>
        <PlainBody text={text} />
      </div>
      <Highlighter emailId={emailId} root={root} wrapper={wrapper} />
    </div>
  );
}
