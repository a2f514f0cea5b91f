"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/api/client";
import { HIGHLIGHT_COLORS_IN_ORDER, type HighlightColor } from "@/lib/client/highlights";
import { buttonClass, inputClass } from "../ui/button";
import { HIGHLIGHT_INK } from "./paint";
import { swatchClass } from "./swatch";

type Props = {
  top: number;
  left: number;
  saving: boolean;
  error: unknown;
  onHighlight: (color: HighlightColor, note?: string) => void;
  onClose: () => void;
};

/** Over the reader's selection in the issue: a colour to highlight it in, or a note to keep with it. */
export function HighlightPopover({ top, left, saving, error, onHighlight, onClose }: Props) {
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState("");

  const save = (event: FormEvent) => {
    event.preventDefault();
    onHighlight("yellow", note);
  };

  return (
    <div
      role="dialog"
      aria-label="Highlight the selection"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      style={{ top, left }}
      className="absolute z-20 w-72 max-w-[calc(100%-8px)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {noting ? (
        <form onSubmit={save} className="space-y-2">
          <label className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            Note
            <textarea
              autoFocus
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={5000}
              rows={3}
              className={`${inputClass} mt-1`}
            />
          </label>
          <div className="flex justify-end gap-2">
            <button type="button" onClick={onClose} className={buttonClass("ghost", "px-3 py-1.5")}>
              Cancel
            </button>
            <button type="submit" disabled={saving} className={buttonClass("primary", "px-3 py-1.5")}>
              Save note
            </button>
          </div>
        </form>
      ) : (
        <div className="flex items-center gap-2">
          {HIGHLIGHT_COLORS_IN_ORDER.map((color) => (
            <button
              key={color}
              type="button"
              disabled={saving}
              onClick={() => onHighlight(color)}
              aria-label={`Highlight in ${HIGHLIGHT_INK[color].label.toLowerCase()}`}
              title={`Highlight in ${HIGHLIGHT_INK[color].label.toLowerCase()}`}
              style={{ backgroundColor: HIGHLIGHT_INK[color].background }}
              className={swatchClass}
            />
          ))}
          <button type="button" disabled={saving} onClick={() => setNoting(true)} className={buttonClass("ghost", "ml-auto px-3 py-1.5")}>
            Add note
          </button>
        </div>
      )}
      {error !== null && error !== undefined && (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(error, "Could not save the highlight.")}
        </p>
      )}
    </div>
  );
}
