"use client";

import { useState } from "react";
import type { RuleCondition } from "@/lib/client/rules";
import { Alert } from "../ui/alert";
import { lazyComponent } from "../ui/lazy-component";

// Opened from the issue's overflow menu: fetched then, not with the issue page.
const RuleEditor = lazyComponent(() => import("./rule-editor").then((module) => module.RuleEditor));

export const ISSUE_RULE_LABEL = "Always file mail like this into...";

/**
 * "Always file mail like this into...": the rule editor, filled in from the issue: its newsletter (found
 * by List-Id, then sender, as filing finds it) or its sender's address. `open` starts it from wherever the
 * page offers it (the issue's overflow menu); `dialog` and `saved` are drawn by the page.
 */
export function useIssueRule({
  newsletterId,
  newsletterName,
  sender,
}: {
  newsletterId: number;
  newsletterName: string;
  sender: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const conditions: RuleCondition[] = [
    { field: "newsletter_id", op: "equals", value: String(newsletterId) },
    ...(sender ? [{ field: "from" as const, op: "equals" as const, value: sender.toLowerCase() }] : []),
  ];
  return {
    open: () => {
      setSaved(null);
      setOpen(true);
    },
    dialog: open ? (
      <RuleEditor
        initial={{ name: `File ${newsletterName}`.slice(0, 100), match: "any", conditions, actions: [] }}
        onClose={(message) => {
          setOpen(false);
          setSaved(message);
        }}
      />
    ) : null,
    saved: saved ? <Alert tone="success">{saved}</Alert> : null,
  };
}
