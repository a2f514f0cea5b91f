"use client";

import type { ReactNode } from "react";
import { OverflowMenu, type MenuEntry } from "../ui/overflow-menu";
import { MoreIcon } from "../ui/reader-icons";

/** One action of the issue's toolbar: a button with an icon and a visible label (its accessible name). */
export type ToolbarItem = {
  id: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  /** A toggle's state (aria-pressed). */
  pressed?: boolean;
  /** For a control that shows or hides a region of the page: whether it is shown, and the region's id. */
  expanded?: boolean;
  controls?: string;
  popup?: "dialog";
  disabled?: boolean;
};

/** How many items a phone's bottom bar holds beside More; the rest move into the More menu there. */
const PHONE_BAR_SLOTS = 4;

const PHONE_ONLY = "min-[769px]:hidden";
const DESKTOP_ONLY = "max-[768px]:hidden";

// A phone's bar: icons over one-line labels sharing the width (the bar keeps its height as scroll-to-top comes and goes). From 769 px: compact outlined buttons in a row.
const itemClass = (on: boolean) =>
  [
    "flex min-w-0 flex-auto flex-col items-center justify-center gap-0.5 whitespace-nowrap rounded-lg px-1 py-1 text-center text-[11px] font-medium leading-tight",
    "min-[769px]:flex-none min-[769px]:flex-row min-[769px]:gap-1.5 min-[769px]:border min-[769px]:px-3 min-[769px]:py-1.5 min-[769px]:text-sm",
    "transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-60",
    on
      ? "text-indigo-700 min-[769px]:border-indigo-300 min-[769px]:bg-indigo-50 dark:text-indigo-300 min-[769px]:dark:border-indigo-700 min-[769px]:dark:bg-indigo-950/50"
      : "text-slate-700 hover:bg-slate-100 min-[769px]:border-slate-300 min-[769px]:bg-white dark:text-slate-200 dark:hover:bg-slate-800 min-[769px]:dark:border-slate-700 min-[769px]:dark:bg-slate-900",
  ].join(" ");

export const toolbarIconSize = { width: 20, height: 20 } as const;

/**
 * The issue's actions in one row: at desktop widths beside 'Back to Feed', on a phone (768 px or less) a bar
 * fixed at the foot of the screen, so the issue's text starts near the top. `items` are buttons (on a phone
 * the first PHONE_BAR_SLOTS, the others in More); `menu` entries are always in More. `trailing` ends the bar.
 */
export function IssueToolbar({ items, menu, trailing }: { items: ToolbarItem[]; menu: MenuEntry[]; trailing?: ReactNode }) {
  const overflow: MenuEntry[] = items.slice(PHONE_BAR_SLOTS).map((item) => ({
    id: item.id,
    label: item.label,
    icon: item.icon,
    onSelect: item.onSelect,
    disabled: item.disabled,
    popup: item.popup,
    className: PHONE_ONLY,
  }));
  return (
    <div
      role="toolbar"
      aria-label="Issue actions"
      data-testid="issue-toolbar"
      className="fixed inset-x-0 bottom-0 z-30 flex items-stretch gap-1 border-t border-slate-200 bg-white/95 px-1 pt-1 pb-[max(0.25rem,env(safe-area-inset-bottom))] backdrop-blur dark:border-slate-800 dark:bg-slate-950/95 min-[769px]:static min-[769px]:flex-wrap min-[769px]:items-center min-[769px]:justify-end min-[769px]:gap-2 min-[769px]:border-0 min-[769px]:bg-transparent min-[769px]:p-0 min-[769px]:backdrop-blur-none min-[769px]:dark:bg-transparent"
    >
      {items.map((item, index) => (
        <button
          key={item.id}
          type="button"
          aria-pressed={item.pressed}
          aria-expanded={item.expanded}
          aria-controls={item.controls}
          aria-haspopup={item.popup}
          disabled={item.disabled}
          onClick={item.onSelect}
          className={`${itemClass(Boolean(item.pressed || item.expanded))} ${index >= PHONE_BAR_SLOTS ? DESKTOP_ONLY : ""}`}
        >
          {item.icon}
          <span>{item.label}</span>
        </button>
      ))}
      <OverflowMenu
        label="More actions"
        entries={[...overflow, ...menu]}
        className="flex min-w-0 flex-auto min-[769px]:flex-none"
        buttonClassName={`${itemClass(false)} w-full`}
        menuClassName="right-0 bottom-full mb-2 min-[769px]:bottom-auto min-[769px]:top-full min-[769px]:mb-0 min-[769px]:mt-2"
      >
        <MoreIcon {...toolbarIconSize} />
        <span>More</span>
      </OverflowMenu>
      {trailing}
    </div>
  );
}
