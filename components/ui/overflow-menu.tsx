"use client";

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { lazyComponent } from "./lazy-component";

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

// The open menu, fetched the first time it opens rather than with the page (issue 41's budget): it takes focus
// when it mounts, so the first opening is answered as any other.
const MenuList = lazyComponent(() => import("./overflow-menu-list").then((module) => module.MenuList));

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
  const menuId = useId();

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
        <MenuList
          id={menuId}
          label={label}
          entries={entries}
          start={open}
          button={button}
          className={menuClassName}
          onClose={close}
          onDismiss={() => setOpen(false)}
        />
      )}
    </div>
  );
}
