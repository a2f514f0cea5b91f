"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { useCreateFolder, useFolders } from "@/lib/client/folders";
import {
  useApplyRule,
  useRulePreview,
  useSaveRule,
  type Rule,
  type RuleAction,
  type RuleCondition,
  type RuleDraft,
} from "@/lib/client/rules";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { Modal } from "../ui/modal";

export const FIELD_LABELS: Record<RuleCondition["field"], string> = {
  from: "Sender address",
  sender_domain: "Sender domain",
  list_id: "List-Id",
  newsletter_id: "Newsletter id",
  subject: "Subject",
  body: "Body",
};
export const OP_LABELS: Record<RuleCondition["op"], string> = { contains: "contains", equals: "is", ends_with: "ends with" };
const NEW_FOLDER = "new";

type Flags = { mark_read: boolean; favorite: boolean; skip_feed: boolean };

/** The draft's conditions, sent for a preview once typing pauses. */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Makes or changes a rule: its conditions, what it does, a live count of the mail already here it
 * matches, and (for a new rule) whether to apply it to that mail at once.
 */
export function RuleEditor({
  rule,
  initial,
  onClose,
}: {
  rule?: Rule;
  initial?: Partial<RuleDraft>;
  onClose: (saved: string | null) => void;
}) {
  const start = rule ?? initial;
  const ids = useId();
  const folders = useFolders();
  const save = useSaveRule();
  const apply = useApplyRule();
  const createFolder = useCreateFolder();
  const [name, setName] = useState(start?.name ?? "");
  const [match, setMatch] = useState<RuleDraft["match"]>(start?.match ?? "all");
  const [conditions, setConditions] = useState<RuleCondition[]>(start?.conditions ?? [{ field: "from", op: "equals", value: "" }]);
  const startFolder = start?.actions?.find((action) => action.type === "add_to_folder");
  // Null until the reader picks: a rule made from an issue, by a reader with no folder yet, opens on making one.
  const [folderId, setFolderId] = useState<string | null>(startFolder ? String(startFolder.folder_id) : null);
  const [newFolder, setNewFolder] = useState("");
  const has = (type: RuleAction["type"]) => Boolean(start?.actions?.some((action) => action.type === type));
  const [flags, setFlags] = useState<Flags>({ mark_read: has("mark_read"), favorite: has("favorite"), skip_feed: has("skip_feed") });
  const [applyNow, setApplyNow] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Settled as text: a new object each render would restart the wait forever.
  const settled = useSettled(JSON.stringify({ match, conditions }));
  const preview = useRulePreview(JSON.parse(settled) as Pick<RuleDraft, "match" | "conditions">);
  const folderList = folders.data?.items ?? [];
  const chosenFolder = folderId ?? (initial && folders.isSuccess && folderList.length === 0 ? NEW_FOLDER : "");

  const setCondition = (index: number, change: Partial<RuleCondition>) =>
    setConditions((all) => all.map((condition, at) => (at === index ? { ...condition, ...change } : condition)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      let folder = chosenFolder === NEW_FOLDER ? null : chosenFolder === "" ? null : Number(chosenFolder);
      if (chosenFolder === NEW_FOLDER && newFolder.trim() !== "") folder = (await createFolder.mutateAsync(newFolder.trim())).id;
      const actions: RuleAction[] = [
        ...(folder !== null ? [{ type: "add_to_folder" as const, folder_id: folder }] : []),
        ...(Object.keys(flags) as (keyof Flags)[]).filter((type) => flags[type]).map((type) => ({ type })),
      ];
      if (actions.length === 0) return setProblem("Choose at least one thing the rule does.");
      const saved = await save.mutateAsync({ id: rule?.id, name: name.trim(), match, conditions, actions });
      if (!rule && applyNow) {
        const applied = await apply.mutateAsync(saved.id);
        return onClose(`Saved "${saved.name}" and applied it to ${applied.changed} of ${applied.matched} matching issues.`);
      }
      onClose(`Saved "${saved.name}".`);
    } catch (error) {
      setProblem(errorMessage(error, "Failed to save the rule."));
    }
  };

  const busy = save.isPending || apply.isPending || createFolder.isPending;
  return (
    <Modal title={rule ? "Edit rule" : "New rule"} onClose={() => onClose(null)}>
      <form onSubmit={submit} className="space-y-4" aria-label={rule ? "Edit rule" : "New rule"}>
        <div className="space-y-1">
          <label htmlFor={`${ids}-name`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
            Name
          </label>
          <input
            id={`${ids}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            required
            className={inputClass}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">When mail arrives that matches</legend>
          <label htmlFor={`${ids}-match`} className="sr-only">
            Match
          </label>
          <select
            id={`${ids}-match`}
            value={match}
            onChange={(event) => setMatch(event.target.value as RuleDraft["match"])}
            className={inputClass}
          >
            <option value="all">all of these conditions</option>
            <option value="any">any of these conditions</option>
          </select>
          <ul className="space-y-2" aria-label="Conditions">
            {conditions.map((condition, index) => (
              <li key={index} className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
                <select
                  aria-label={`Condition ${index + 1} field`}
                  value={condition.field}
                  onChange={(event) => setCondition(index, { field: event.target.value as RuleCondition["field"] })}
                  className={`${inputClass} py-2`}
                >
                  {Object.entries(FIELD_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={`Condition ${index + 1} comparison`}
                  value={condition.op}
                  onChange={(event) => setCondition(index, { op: event.target.value as RuleCondition["op"] })}
                  className={`${inputClass} py-2`}
                >
                  {Object.entries(OP_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
                <input
                  aria-label={`Condition ${index + 1} value`}
                  value={condition.value}
                  onChange={(event) => setCondition(index, { value: event.target.value })}
                  maxLength={500}
                  required
                  className={`${inputClass} col-span-2 py-2`}
                />
                {conditions.length > 1 && (
                  <button
                    type="button"
                    onClick={() => setConditions((all) => all.filter((_, at) => at !== index))}
                    aria-label={`Remove condition ${index + 1}`}
                    className={buttonClass("ghost", "col-span-2 py-1.5")}
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
          {conditions.length < 50 && (
            <button
              type="button"
              onClick={() => setConditions((all) => [...all, { field: "subject", op: "contains", value: "" }])}
              className={buttonClass("secondary", "py-2")}
            >
              Add condition
            </button>
          )}
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {preview.isFetching
              ? "Counting matching mail..."
              : preview.data
                ? `Matches ${preview.data.matched} ${preview.data.matched === 1 ? "issue" : "issues"} already here.`
                : preview.isError
                  ? errorMessage(preview.error, "Failed to count matching mail.")
                  : ""}
          </p>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Then</legend>
          <label htmlFor={`${ids}-folder`} className="block text-sm text-slate-700 dark:text-slate-300">
            File into folder
          </label>
          <select id={`${ids}-folder`} value={chosenFolder} onChange={(event) => setFolderId(event.target.value)} className={inputClass}>
            <option value="">No folder</option>
            {folderList.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.name}
              </option>
            ))}
            <option value={NEW_FOLDER}>New folder...</option>
          </select>
          {chosenFolder === NEW_FOLDER && (
            <>
              <label htmlFor={`${ids}-new-folder`} className="sr-only">
                New folder name
              </label>
              <input
                id={`${ids}-new-folder`}
                value={newFolder}
                onChange={(event) => setNewFolder(event.target.value)}
                placeholder="New folder name"
                maxLength={100}
                required
                className={inputClass}
              />
            </>
          )}
          {(
            [
              ["mark_read", "Mark as read"],
              ["favorite", "Add to favorites"],
              ["skip_feed", "Keep out of My Feed (still searchable)"],
            ] as const
          ).map(([type, label]) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input
                type="checkbox"
                checked={flags[type]}
                onChange={(event) => setFlags((all) => ({ ...all, [type]: event.target.checked }))}
                className="h-4 w-4"
              />
              {label}
            </label>
          ))}
          {!rule && (
            <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input type="checkbox" checked={applyNow} onChange={(event) => setApplyNow(event.target.checked)} className="h-4 w-4" />
              Also apply to mail already here
            </label>
          )}
        </fieldset>
        {problem && <Alert>{problem}</Alert>}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={() => onClose(null)} className={buttonClass("secondary")}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            {busy ? "Saving..." : "Save rule"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
