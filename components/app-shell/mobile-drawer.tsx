"use client";

import { useEffect, useRef } from "react";
import { iconButtonClass } from "../ui/button";
import { CloseIcon } from "../ui/icons";
import { Logo } from "../ui/logo";
import { useDialogFocus } from "../ui/use-dialog-focus";
import { NavGroups } from "./nav-items";

/** The menu of a narrow window (768 px or less): a drawer over the page. */
export function MobileDrawer({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useDialogFocus(panel, onClose);
  // Widening the window past the mobile breakpoint hides the drawer; close it so focus is not trapped.
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 769px)");
    const onChange = () => {
      if (wide.matches) onClose();
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-40 min-[769px]:hidden">
      <div aria-hidden="true" onClick={onClose} className="absolute inset-0 bg-slate-900/50 backdrop-blur-sm" />
      <div
        ref={panel}
        id="mobile-nav"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
        className="relative flex h-full w-72 max-w-[85vw] flex-col bg-white px-3 py-4 shadow-xl focus:outline-none dark:bg-slate-900"
      >
        <div className="mb-6 flex items-center justify-between pl-2">
          <Logo href="/feed" prefetch={false} />
          <button type="button" onClick={onClose} aria-label="Close menu" className={iconButtonClass}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Main" className="flex flex-1 flex-col">
          <NavGroups onNavigate={onClose} />
        </nav>
      </div>
    </div>
  );
}
