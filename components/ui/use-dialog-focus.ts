"use client";

import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside a modal dialog: focus moves in on open, Tab wraps around,
 * and focus returns to where it was when the dialog closes (or to the page's main region when
 * that control went away with it, as a confirmed subscription's icon does). Without `onEscape`,
 * Escape is swallowed, so a dialog that must be finished loses nothing.
 */
export function useDialogFocus(dialog: RefObject<HTMLElement | null>, onEscape?: () => void) {
  // Callers pass a fresh closer on every render; were it a dependency, any re-render of the screen
  // behind (a list refetching) would send focus back to the opener and then to the first control.
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  const closable = onEscape !== undefined;

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    (closable ? (node.querySelector<HTMLElement>(FOCUSABLE) ?? node) : node).focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        escape.current?.();
        return;
      }
      if (event.key !== "Tab") return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return event.preventDefault();
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === node)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !node.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = previousOverflow;
      const back = opener?.isConnected ? opener : document.querySelector<HTMLElement>("main[tabindex]");
      back?.focus();
    };
  }, [dialog, closable]);
}
