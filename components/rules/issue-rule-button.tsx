"use client";

import { useState } from "react";
import type { RuleCondition } from "@/lib/rules/hooks";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { RuleEditor } from "./rule-editor";

/**
 * "Always file mail like this into...": the rule editor, filled in from the issue: its newsletter (found
 * by List-Id, then sender, as filing finds it) or its sender's address.
 */
export function IssueRuleButton({
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
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className={buttonClass("secondary")}>
        Always file mail like this into...
      </button>
      {open && (
        <RuleEditor
          initial={{ name: `File ${newsletterName}`.slice(0, 100), match: "any", conditions, actions: [] }}
          onClose={(message) => {
            setOpen(false);
            setSaved(message);
          }}
        />
      )}
      {saved && (
        <Alert tone="success" className="basis-full">
          {saved}
        </Alert>
      )}
    </>
  );
}
