"use client";

import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import type { MenuEntry } from "./overflow-menu";

/** The entries a reader can reach: those drawn at this width (an entry may be for phones only). */
function shownItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return Array.from(menu.querySelectorAll<HTMLElement>("[role=menuitem]")).filter(
    (item) => item.checkVisibility() && !item.hasAttribute("disabled"),
  );
}

type Props = {
  id: string;
  label: string;
  entries: MenuEntry[];
  /** Which entry takes focus as the menu opens. */
  start: "first" | "last";
  /** The menu's button: a pointer press on it is the button's own, not a press outside the menu. */
  button: RefObject<HTMLButtonElement | null>;
  className: string;
  /** Closes the menu and gives focus back to its button. */
  onClose: () => void;
  /** Closes the menu where focus is going elsewhere (Tab, a press outside). */
  onDismiss: () => void;
};

/** OverflowMenu's open menu: its entries, the keys that move between them, and a press outside that closes it. */
export function MenuList({ id, label, entries, start, button, className, onClose, onDismiss }: Props) {
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const items = shownItems(menu.current);
    (start === "last" ? items.at(-1) : items[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) onDismiss();
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
    // Focus moves in as the menu opens (or Up or Down asks for its other end), not again when the page re-renders it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start]);

  const onMenuKey = (event: KeyboardEvent) => {
    const items = shownItems(menu.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(items.length - 1);
    else if (event.key === "Escape") {
      // The page's own Escape (back to the feed) must not run too.
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === "Tab") onDismiss();
  };

  return (
    <ul
      ref={menu}
      id={id}
      role="menu"
      aria-label={label}
      onKeyDown={onMenuKey}
      className={`absolute z-40 min-w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      {entries.map((entry) => (
        <li key={entry.id} role="none" className={entry.className}>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-haspopup={entry.popup}
            disabled={entry.disabled}
            onClick={() => {
              onClose();
              entry.onSelect();
            }}
            className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60 ${
              entry.tone === "danger"
                ? "text-rose-700 hover:bg-rose-50 focus:bg-rose-50 dark:text-rose-300 dark:hover:bg-rose-950 dark:focus:bg-rose-950"
                : "text-slate-800 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
            }`}
          >
            {entry.icon}
            {entry.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
