"use client";

import { useRef, type ReactNode } from "react";
import { iconButtonClass } from "./button";
import { CloseIcon } from "./icons";
import { useDialogFocus } from "./use-dialog-focus";

/** A centred dialog over a dimmed page; Escape, the close button and the backdrop close it. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useDialogFocus(panel, onClose);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div aria-hidden="true" onClick={onClose} className="absolute inset-0 bg-slate-900/50 backdrop-blur-sm" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        className="relative flex max-h-[90vh] w-full flex-col overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:max-w-md sm:rounded-2xl dark:bg-slate-900"
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <h2 className="pt-2 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
          <button type="button" onClick={onClose} aria-label="Close" className={`${iconButtonClass} -mr-2 shrink-0`}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
