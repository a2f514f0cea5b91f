"use client";

import type { MenuEntry } from "../ui/overflow-menu";

/** Starts the browser's own download of a file the server names (Content-Disposition), the page staying where it is. */
function download(href: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

/** The "take it with you" entries of the More menu: the EPUB download. */
export function useTakeAway(emailId: number): { entries: MenuEntry[] } {
  return { entries: [{ id: "epub", label: "Download EPUB", onSelect: () => download(`/api/issues/${emailId}/epub`) }] };
}
