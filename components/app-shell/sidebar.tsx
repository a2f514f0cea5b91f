"use client";

import { iconButtonClass } from "../ui/button";
import { ChevronLeftIcon } from "../ui/icons";
import { Logo, LogoMark } from "../ui/logo";
import { NavGroups } from "./nav-items";

/** The wide-screen sidebar (above 768 px); docs/spec.md: open by default, collapses and expands. */
export function Sidebar({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <aside
      className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-200 bg-white px-3 py-4 transition-[width] duration-200 min-[769px]:flex dark:border-slate-800 dark:bg-slate-900 ${
        open ? "w-60" : "w-[4.5rem]"
      }`}
    >
      <div className={`mb-6 flex items-center gap-2 ${open ? "justify-between pl-2" : "flex-col"}`}>
        {open ? <Logo href="/feed" prefetch={false} /> : <LogoMark />}
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls="app-sidebar-nav"
          aria-label={open ? "Collapse sidebar" : "Expand sidebar"}
          className={iconButtonClass}
        >
          <ChevronLeftIcon className={`transition-transform ${open ? "" : "rotate-180"}`} />
        </button>
      </div>
      <nav id="app-sidebar-nav" aria-label="Main" className="flex flex-1 flex-col">
        <NavGroups compact={!open} />
      </nav>
    </aside>
  );
}
