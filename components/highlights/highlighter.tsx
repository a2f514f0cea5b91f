"use client";

import { useEffect, useState, type RefObject } from "react";
import { useAddHighlight, type HighlightColor, type NewHighlight } from "@/lib/client/highlights";
import { useIssueHighlights } from "@/lib/client/issue-highlights";
import { lazyComponent } from "../ui/lazy-component";
import { paintHighlights, selectedQuote } from "./paint";

// Shown once the reader selects something: fetched then, not with the issue's first paint (issue 41's budget).
const HighlightPopover = lazyComponent(() => import("./highlight-popover").then((module) => module.HighlightPopover));

// A selection is read once the reader pauses: dragging fires selectionchange at every character.
const SETTLE_MS = 150;
const POPOVER_WIDTH = 288;
// Room the popover takes with its note open: it goes above a selection too near the body's end, which clips it.
const POPOVER_HEIGHT = 170;

type Selected = Omit<NewHighlight, "note" | "color"> & { top: number; left: number };

type Props = { emailId: number; root: HTMLElement | null; wrapper: RefObject<HTMLDivElement | null> };

/**
 * Paints the reader's highlights in `root` and offers a popover over what they select there. `root` is the
 * frame's body, the plain body or reader view's article; the popover is placed in `wrapper`, which holds it.
 */
export function Highlighter({ emailId, root, wrapper }: Props) {
  const [selected, setSelected] = useState<Selected | null>(null);
  const highlights = useIssueHighlights(emailId);
  const add = useAddHighlight(emailId);
  const items = highlights.data?.items;

  useEffect(() => {
    if (root && items) paintHighlights(root, items);
  }, [root, items]);

  const enabled = highlights.isSuccess;
  useEffect(() => {
    if (!root || !enabled) return;
    const doc = root.ownerDocument;
    let timer: number | undefined;
    const read = () => {
      const found = selectedQuote(root);
      const box = wrapper.current;
      if (!found || !box) return setSelected(null);
      const rect = found.range.getBoundingClientRect();
      // A frame's selection is measured from the frame, which fills the wrapper; the page's from the window.
      const origin = doc === document ? box.getBoundingClientRect() : { top: 0, left: 0 };
      const top = rect.top - origin.top;
      const bottom = rect.bottom - origin.top;
      setSelected({
        quote: found.quote,
        prefix: found.prefix,
        suffix: found.suffix,
        top: bottom + 8 + POPOVER_HEIGHT > box.clientHeight ? Math.max(4, top - POPOVER_HEIGHT) : bottom + 8,
        left: Math.max(4, Math.min(rect.left - origin.left, box.clientWidth - POPOVER_WIDTH - 4)),
      });
    };
    const onChange = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(read, SETTLE_MS);
    };
    doc.addEventListener("selectionchange", onChange);
    // A selection made before this mounted (the one that fetched this code) is read as if it had just changed.
    onChange();
    return () => {
      window.clearTimeout(timer);
      doc.removeEventListener("selectionchange", onChange);
    };
  }, [root, enabled, wrapper]);

  const close = () => {
    add.reset();
    setSelected(null);
    root?.ownerDocument.getSelection()?.removeAllRanges();
  };

  const highlight = (color: HighlightColor, note?: string) => {
    if (!selected) return;
    const { quote, prefix, suffix } = selected;
    add.mutate({ quote, prefix, suffix, color, note: note?.trim() || null }, { onSuccess: close });
  };

  return (
    selected && (
      <HighlightPopover
        key={`${selected.quote}|${selected.top}`}
        top={selected.top}
        left={selected.left}
        saving={add.isPending}
        error={add.error}
        onHighlight={highlight}
        onClose={close}
      />
    )
  );
}
