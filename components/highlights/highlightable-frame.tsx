"use client";

import { useEffect, useRef, useState } from "react";
import { useAddHighlight, useIssueHighlights, type HighlightColor, type NewHighlight } from "@/lib/highlights/hooks";
import { EmailFrame } from "../email/email-frame";
import { HighlightPopover } from "./highlight-popover";
import { paintHighlights, selectedQuote } from "./paint";

// A selection is read once the reader pauses: dragging fires selectionchange at every character.
const SETTLE_MS = 150;
const POPOVER_WIDTH = 288;
// Room the popover takes with its note open: it goes above a selection too near the body's end, which clips it.
const POPOVER_HEIGHT = 170;

type Selected = Omit<NewHighlight, "note" | "color"> & { top: number; left: number };

/**
 * The issue's frame with the reader's highlights painted in it and a popover over what they select.
 * The frame runs no script of its own (its policy forbids any): this page reads the selection and marks
 * the text through the same-origin document, as it already catches the frame's link clicks.
 */
export function HighlightableFrame({ emailId, html, title }: { emailId: number; html: string; title: string }) {
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const highlights = useIssueHighlights(emailId);
  const add = useAddHighlight(emailId);
  const items = highlights.data?.items;

  useEffect(() => {
    if (body && items) paintHighlights(body, items);
  }, [body, items]);

  const enabled = highlights.isSuccess;
  useEffect(() => {
    if (!body || !enabled) return;
    const doc = body.ownerDocument;
    let timer: number | undefined;
    const read = () => {
      const found = selectedQuote(body);
      if (!found) return setSelected(null);
      const rect = found.range.getBoundingClientRect();
      const width = wrapper.current?.clientWidth ?? POPOVER_WIDTH;
      const height = wrapper.current?.clientHeight ?? 0;
      setSelected({
        quote: found.quote,
        prefix: found.prefix,
        suffix: found.suffix,
        top: rect.bottom + 8 + POPOVER_HEIGHT > height ? Math.max(4, rect.top - POPOVER_HEIGHT) : rect.bottom + 8,
        left: Math.max(4, Math.min(rect.left, width - POPOVER_WIDTH - 4)),
      });
    };
    const onChange = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(read, SETTLE_MS);
    };
    doc.addEventListener("selectionchange", onChange);
    return () => {
      window.clearTimeout(timer);
      doc.removeEventListener("selectionchange", onChange);
    };
  }, [body, enabled]);

  const close = () => {
    add.reset();
    setSelected(null);
    body?.ownerDocument.getSelection()?.removeAllRanges();
  };

  const highlight = (color: HighlightColor, note?: string) => {
    if (!selected) return;
    const { quote, prefix, suffix } = selected;
    add.mutate({ quote, prefix, suffix, color, note: note?.trim() || null }, { onSuccess: close });
  };

  return (
    <div ref={wrapper} className="relative">
      <EmailFrame html={html} title={title} onBody={setBody} />
      {selected && (
        <HighlightPopover
          key={`${selected.quote}|${selected.top}`}
          top={selected.top}
          left={selected.left}
          saving={add.isPending}
          error={add.error}
          onHighlight={highlight}
          onClose={close}
        />
      )}
    </div>
  );
}
