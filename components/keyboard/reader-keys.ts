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

/** Each action's keys, in the order the shortcuts dialog lists them (its labels are the dialog's, fetched with it). */
export const READER_KEYS: Record<ReaderAction, string[]> = {
  next: ["j"],
  previous: ["k"],
  open: ["o", "Enter"],
  back: ["u", "Escape"],
  toggleRead: ["m"],
  favourite: ["s"],
  like: ["l"],
  readerView: ["v"],
  listen: ["p"],
  // Shift+K: `k` is the previous issue (docs/contract.md 6.6).
  sendToKindle: ["K"],
  theme: ["t"],
  search: ["/"],
  help: ["?"],
};

const BY_KEY = new Map(Object.entries(READER_KEYS).flatMap(([action, keys]) => keys.map((key) => [key, action as ReaderAction] as const)));

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
