"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { HIGHLIGHT_COLORS_IN_ORDER, useDeleteHighlight, useUpdateHighlight, type Highlight } from "@/lib/client/highlights";
import { Alert } from "../ui/alert";
import { buttonClass, inputClass } from "../ui/button";
import { HIGHLIGHT_INK } from "./paint";
import { swatchClass } from "./swatch";

const smallButton = (variant: "ghost" | "danger" | "primary") => buttonClass(variant, "px-2.5 py-1 text-xs");

/** The highlights in reading order, each with its note, colour and a way to delete it. */
export function HighlightItems({ emailId, items }: { emailId: number; items: Highlight[] }) {
  return (
    <ol className="space-y-3">
      {items.map((item) => (
        <HighlightItem key={item.id} emailId={emailId} highlight={item} />
      ))}
    </ol>
  );
}

function HighlightItem({ emailId, highlight }: { emailId: number; highlight: Highlight }) {
  const update = useUpdateHighlight(emailId);
  const remove = useDeleteHighlight(emailId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(highlight.note ?? "");

  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: highlight.id, note: draft }, { onSuccess: () => setEditing(false) });
  };
  const failure = update.error ?? remove.error;

  return (
    <li aria-label="Highlight" className="border-l-4 pl-3" style={{ borderColor: HIGHLIGHT_INK[highlight.color].background }}>
      <blockquote className="break-words text-sm text-slate-800 dark:text-slate-100">{highlight.quote}</blockquote>
      {editing ? (
        <form onSubmit={saveNote} className="mt-2 space-y-2">
          <label className="block text-xs font-medium text-slate-600 dark:text-slate-300">
            Note
            <textarea
              autoFocus
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={5000}
              rows={3}
              className={`${inputClass} mt-1`}
            />
          </label>
          <div className="flex gap-2">
            <button type="submit" disabled={update.isPending} className={smallButton("primary")}>
              Save note
            </button>
            <button
              type="button"
              onClick={() => {
                setDraft(highlight.note ?? "");
                setEditing(false);
              }}
              className={smallButton("ghost")}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        highlight.note && (
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-600 dark:text-slate-300">{highlight.note}</p>
        )
      )}
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <div role="group" aria-label="Colour" className="flex gap-1.5">
          {HIGHLIGHT_COLORS_IN_ORDER.map((color) => (
            <button
              key={color}
              type="button"
              aria-label={HIGHLIGHT_INK[color].label}
              aria-pressed={highlight.color === color}
              disabled={update.isPending}
              onClick={() => highlight.color !== color && update.mutate({ id: highlight.id, color })}
              style={{ backgroundColor: HIGHLIGHT_INK[color].background }}
              className={`${swatchClass} h-6 w-6 ${highlight.color === color ? "ring-2 ring-slate-500 ring-offset-1 dark:ring-slate-300" : ""}`}
            />
          ))}
        </div>
        {!editing && (
          <button type="button" onClick={() => setEditing(true)} className={smallButton("ghost")}>
            {highlight.note ? "Edit note" : "Add note"}
          </button>
        )}
        {confirming ? (
          <span className="flex items-center gap-1.5 text-xs text-slate-700 dark:text-slate-200">
            Delete this highlight?
            <button
              type="button"
              autoFocus
              disabled={remove.isPending}
              onClick={() => remove.mutate(highlight.id)}
              className={smallButton("danger")}
            >
              Delete
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={smallButton("ghost")}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} className={smallButton("ghost")}>
            Delete
          </button>
        )}
      </div>
      {failure && <Alert className="mt-2">{errorMessage(failure, "Could not change the highlight.")}</Alert>}
    </li>
  );
}
