"use client";

import { ThemeToggle } from "../theme-toggle";
import { iconButtonClass } from "../ui/button";
import { MenuIcon } from "../ui/icons";

export function MenuButton({ onOpen, className = "" }: { onOpen: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label="Open menu"
      aria-controls="mobile-nav"
      aria-haspopup="dialog"
      className={`${iconButtonClass} min-[769px]:hidden ${className}`}
    >
      <MenuIcon />
    </button>
  );
}

export function AppHeader({ title, onOpenMenu }: { title: string; onOpenMenu: () => void }) {
  return (
    <header
      data-testid="app-header"
      className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/85 px-3 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-950/85"
    >
      <MenuButton onOpen={onOpenMenu} />
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900 dark:text-white">{title}</h1>
      <ThemeToggle />
    </header>
  );
}
