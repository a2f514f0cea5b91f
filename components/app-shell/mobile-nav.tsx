"use client";

import { lazyComponent } from "../ui/lazy-component";

// Opened by the menu button of a narrow window: fetched then, not with every page (issue 41's budget). It takes
// focus when it mounts, so the first opening is answered as any other.
const MobileDrawer = lazyComponent(() => import("./mobile-drawer").then((module) => module.MobileDrawer));

/** The menu of a narrow window (768 px or less): a drawer over the page, there only while open. */
export function MobileNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <MobileDrawer onClose={onClose} /> : null;
}
