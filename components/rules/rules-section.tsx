"use client";

import { useState } from "react";
import { errorMessage } from "@/lib/api/client";
import { useApplyRule, useDeleteRule, useRules, useSaveRule, type Rule } from "@/lib/client/rules";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { Switch } from "../settings/switch";
import { FIELD_LABELS, OP_LABELS, RuleEditor } from "./rule-editor";

type Notice = { tone: "error" | "success"; text: string };

function describe(rule: Rule): string {
  const joiner = rule.match === "all" ? " and " : " or ";
  return rule.conditions
    .map((condition) => `${FIELD_LABELS[condition.field]} ${OP_LABELS[condition.op]} "${condition.value}"`)
    .join(joiner);
}

/** Settings' rules: what happens to mail as it arrives, in order (docs/contract.md 7.4). */
export function RulesSection() {
  const rules = useRules();
  const save = useSaveRule();
  const remove = useDeleteRule();
  const apply = useApplyRule();
  const [editing, setEditing] = useState<Rule | "new" | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const items = rules.data ?? [];

  const change = (rule: Rule, patch: { enabled?: boolean; position?: number }, done: string) => {
    setNotice(null);
    save.mutate(
      { id: rule.id, ...patch },
      {
        onSuccess: () => setNotice({ tone: "success", text: done }),
        onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to change the rule.") }),
      },
    );
  };
  const forget = (rule: Rule) => {
    if (!window.confirm(`Delete the rule "${rule.name}"? Mail it already sorted stays where it is.`)) return;
    setNotice(null);
    remove.mutate(rule.id, {
      onSuccess: () => setNotice({ tone: "success", text: `Deleted "${rule.name}".` }),
      onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to delete the rule.") }),
    });
  };
  const applyToExisting = (rule: Rule) => {
    setNotice(null);
    apply.mutate(rule.id, {
      onSuccess: ({ matched, changed }) =>
        setNotice({
          tone: "success",
          text: `"${rule.name}" matched ${matched} ${matched === 1 ? "issue" : "issues"} and changed ${changed}.`,
        }),
      onError: (error) => setNotice({ tone: "error", text: errorMessage(error, "Failed to apply the rule.") }),
    });
  };

  return (
    <section
      id="rules"
      aria-labelledby="rules-heading"
      className="mx-auto mt-5 max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="rules-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Rules
        </h2>
        <button type="button" onClick={() => setEditing("new")} className={buttonClass("primary", "py-2")}>
          New rule
        </button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Rules sort mail as it arrives, from every address, import and connected mailbox, top to bottom.
      </p>
      {notice && (
        <Alert tone={notice.tone} className="mt-3 wrap-anywhere">
          {notice.text}
        </Alert>
      )}
      {rules.isPending && <Spinner label="Loading rules..." className="py-6" />}
      {rules.isError && (
        <div className="mt-4 space-y-2">
          <Alert>{errorMessage(rules.error, "Failed to load rules")}</Alert>
          <button type="button" onClick={() => void rules.refetch()} className={buttonClass("secondary")}>
            Try again
          </button>
        </div>
      )}
      {rules.isSuccess && items.length === 0 && (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
          No rules yet. Make one here, or from an issue with &quot;Always file mail like this into...&quot;.
        </p>
      )}
      {items.length > 0 && (
        <ol aria-label="Rules" className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((rule, index) => (
            <li key={rule.id} className="space-y-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-medium wrap-anywhere text-slate-900 dark:text-white">{rule.name}</p>
                <Switch
                  checked={rule.enabled}
                  onChange={(enabled) => change(rule, { enabled }, `${enabled ? "Enabled" : "Disabled"} "${rule.name}".`)}
                  label={rule.enabled ? "On" : "Off"}
                  detail={`rule ${rule.name}`}
                  disabled={save.isPending}
                />
              </div>
              <p className="text-sm wrap-anywhere text-slate-600 dark:text-slate-300">When {describe(rule)}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={() => setEditing(rule)}
                  aria-label={`Edit rule ${rule.name}`}
                  className={buttonClass("secondary", "py-1.5")}
                >
                  Edit
                </button>
                <button
                  type="button"
                  onClick={() => change(rule, { position: index - 1 }, `Moved "${rule.name}" up.`)}
                  disabled={index === 0 || save.isPending}
                  aria-label={`Move rule ${rule.name} up`}
                  className={buttonClass("secondary", "py-1.5")}
                >
                  Up
                </button>
                <button
                  type="button"
                  onClick={() => change(rule, { position: index + 1 }, `Moved "${rule.name}" down.`)}
                  disabled={index === items.length - 1 || save.isPending}
                  aria-label={`Move rule ${rule.name} down`}
                  className={buttonClass("secondary", "py-1.5")}
                >
                  Down
                </button>
                <button
                  type="button"
                  onClick={() => applyToExisting(rule)}
                  disabled={apply.isPending}
                  aria-label={`Apply rule ${rule.name} to existing mail`}
                  className={buttonClass("secondary", "py-1.5")}
                >
                  Apply to existing mail
                </button>
                <button
                  type="button"
                  onClick={() => forget(rule)}
                  aria-label={`Delete rule ${rule.name}`}
                  className={buttonClass("danger", "py-1.5")}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <RuleEditor
          rule={editing === "new" ? undefined : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setNotice({ tone: "success", text: saved });
          }}
        />
      )}
    </section>
  );
}
