"use client";

import { Modal } from "../ui/modal";
import { READER_KEYS, type ReaderAction } from "./reader-keys";

const LABELS: Record<ReaderAction, string> = {
  next: "Next issue",
  previous: "Previous issue",
  open: "Open the selected issue",
  back: "Back to the feed",
  toggleRead: "Mark read or unread",
  favourite: "Add to or remove from favourites",
  like: "Like or unlike",
  readerView: "Reader view on or off (Escape leaves it too)",
  listen: "Listen, pause or resume",
  sendToKindle: "Send to Kindle",
  theme: "Light or dark theme (the issue page, which has no header)",
  search: "Search the feed",
  help: "Show these shortcuts",
};

const SHORTCUTS = Object.entries(READER_KEYS).map(([action, keys]) => ({ action, keys, label: LABELS[action as ReaderAction] }));

/** The list of shortcuts `?` opens on the feed and the issue page. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="contents">
            <dt className="flex gap-1">
              {shortcut.keys.map((key, index) => (
                <span key={key} className="flex items-center gap-1">
                  {index > 0 && <span className="text-slate-500 dark:text-slate-400">or</span>}
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100">
                    {key}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd className="text-slate-700 dark:text-slate-300">{shortcut.label}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
        Keys do nothing while you type in a field or while a dialog is open.
      </p>
    </Modal>
  );
}
