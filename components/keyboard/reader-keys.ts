/** docs/contract.md 6.6 and 7.3: the keys of the feed and issue pages, and what each does. */
export type ReaderAction =
  | "next"
  | "previous"
  | "open"
  | "back"
  | "toggleRead"
  | "favourite"
  | "like"
  | "readerView"
  | "listen"
  | "sendToKindle"
  | "theme"
  | "search"
  | "help";

export const SHORTCUTS: { keys: string[]; action: ReaderAction; label: string }[] = [
  { keys: ["j"], action: "next", label: "Next issue" },
  { keys: ["k"], action: "previous", label: "Previous issue" },
  { keys: ["o", "Enter"], action: "open", label: "Open the selected issue" },
  { keys: ["u", "Escape"], action: "back", label: "Back to the feed" },
  { keys: ["m"], action: "toggleRead", label: "Mark read or unread" },
  { keys: ["s"], action: "favourite", label: "Add to or remove from favourites" },
  { keys: ["l"], action: "like", label: "Like or unlike" },
  { keys: ["v"], action: "readerView", label: "Reader view on or off (Escape leaves it too)" },
  { keys: ["p"], action: "listen", label: "Listen, pause or resume" },
  // Shift+K: `k` is the previous issue (docs/contract.md 6.6).
  { keys: ["K"], action: "sendToKindle", label: "Send to Kindle" },
  { keys: ["t"], action: "theme", label: "Light or dark theme (the issue page, which has no header)" },
  { keys: ["/"], action: "search", label: "Search the feed" },
  { keys: ["?"], action: "help", label: "Show these shortcuts" },
];

const BY_KEY = new Map(SHORTCUTS.flatMap((shortcut) => shortcut.keys.map((key) => [key, shortcut.action] as const)));

// Where a key is the reader's typing or a control's own (Enter on a link or button, Escape in a field).
const TYPING = "input, textarea, select, [contenteditable]:not([contenteditable='false']), [role='textbox'], [role='combobox']";
const OWN_ENTER = "a[href], button, summary, [role='button'], [role='link'], [role='menuitem'], [role='tab']";

type KeyPress = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "defaultPrevented" | "isComposing">;

/**
 * The action a key press asks for, or null: never while typing in a field or composing text, with
 * Ctrl, Cmd or Alt held (the browser's and the system's own shortcuts), while a dialog is open, or
 * for a key something on the page already handled.
 */
export function readerAction(event: KeyPress, target: Element | null, dialogOpen: boolean): ReaderAction | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey || dialogOpen) return null;
  if (target?.closest(TYPING)) return null;
  const action = BY_KEY.get(event.key) ?? null;
  if (event.key === "Enter" && target?.closest(OWN_ENTER)) return null;
  return action;
}
