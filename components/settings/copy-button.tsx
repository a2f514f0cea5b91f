"use client";

import { useEffect, useRef, useState } from "react";
import { buttonClass } from "../ui/button";
import { CheckIcon, CopyIcon } from "../ui/icons";

const COPIED_FOR_MS = 2_000;

/**
 * Copies `text`; says 'Copied!' for 2 seconds (docs/spec.md section 9), or asks for a manual copy.
 * `what` names the text for screen readers where one page has several copy buttons.
 */
export function CopyButton({ text, what }: { text: string; what?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
      timer.current = window.setTimeout(() => setState("idle"), COPIED_FOR_MS);
    } catch {
      setState("failed");
    }
  };

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <button type="button" onClick={copy} className={buttonClass(state === "copied" ? "secondary" : "primary", "min-w-28")}>
        {state === "copied" ? <CheckIcon /> : <CopyIcon />}
        <span aria-live="polite">{state === "copied" ? "Copied!" : "Copy"}</span>
        {what && <span className="sr-only">{` ${what}`}</span>}
      </button>
      {state === "failed" && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          Could not copy {what ?? "email"} to clipboard. Please copy it manually.
        </p>
      )}
    </div>
  );
}
