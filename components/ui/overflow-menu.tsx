"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export type MenuEntry = {
  id: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** "dialog" when choosing it opens one. */
  popup?: "dialog";
  tone?: "danger";
  /** Extra classes, e.g. to show the entry only at some widths. */
  className?: string;
};

/** The entries a reader can reach: those drawn at this width (an entry may be for phones only). */
function shownItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return Array.from(menu.querySelectorAll<HTMLElement>("[role=menuitem]")).filter(
    (item) => item.checkVisibility() && !item.hasAttribute("disabled"),
  );
}

/**
 * A menu button (WAI-ARIA APG): Enter, Space or Down opens it on its first entry, Up on its last; Up, Down,
 * Home and End move between entries; Escape closes it and gives focus back to the button; Tab closes it and
 * moves on. Choosing an entry closes the menu and focuses the button before the entry acts, so a dialog
 * the entry opens gives focus back to the button when it closes.
 */
export function OverflowMenu({
  label,
  icon,
  entries,
  buttonClassName,
  menuClassName = "",
  className = "",
  children,
}: {
  label: string;
  icon?: ReactNode;
  entries: MenuEntry[];
  buttonClassName: string;
  /** Where the menu opens relative to the button (e.g. upward from a bar at the foot of the screen). */
  menuClassName?: string;
  /** Classes of the box holding the button and its menu. */
  className?: string;
  /** What the button shows; its accessible name is `label`. */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState<false | "first" | "last">(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const items = shownItems(menu.current);
    (open === "last" ? items.at(-1) : items[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(event.key === "ArrowDown" ? "first" : "last");
    }
  };

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
      close();
    } else if (event.key === "Tab") setOpen(false);
  };

  return (
    <div className={`relative ${className}`}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => (shown ? false : "first"))}
        onKeyDown={onButtonKey}
        className={buttonClassName}
      >
        {children ?? icon}
      </button>
      {open && (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className={`absolute z-40 min-w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900 ${menuClassName}`}
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
                  close();
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
      )}
    </div>
  );
}
