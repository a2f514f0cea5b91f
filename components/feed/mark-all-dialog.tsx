"use client";

import { buttonClass } from "../ui/button";
import { Modal } from "../ui/modal";

/** "Mark all as read?", asked before marking many: `issues` says how many ("25 issues"). */
export function MarkAllDialog({ issues, onMark, onClose }: { issues: string; onMark: () => void; onClose: () => void }) {
  return (
    <Modal title="Mark all as read?" onClose={onClose}>
      <p className="text-sm text-slate-700 dark:text-slate-300">{`${issues} will be marked as read.`}</p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" onClick={onClose} className={buttonClass("secondary")}>
          Cancel
        </button>
        <button type="button" onClick={onMark} className={buttonClass("primary")}>
          {`Mark ${issues} as read`}
        </button>
      </div>
    </Modal>
  );
}
