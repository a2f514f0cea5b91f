"use client";

import { useRef, useState } from "react";
import { EmailFrame, PlainBody } from "../email/email-frame";
import { lazyComponent } from "../ui/lazy-component";

// Painting and offering highlights waits for the body it works in: fetched with it, not before it (issue 41's budget).
const Highlighter = lazyComponent(() => import("./highlighter").then((module) => module.Highlighter));

/**
 * The frame with the reader's highlights painted in it. The frame runs no script of its own (its
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
