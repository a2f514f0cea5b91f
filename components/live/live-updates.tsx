"use client";

import { useEffect } from "react";
import { useLiveStream, useUnreadCount } from "@/lib/client/live";
import { titleWithCount } from "@/lib/navigation/page-title";

/**
 * While the reader is signed in: their event stream stays open (the feed shows what it brings) and the tab's
 * title counts their unread issues, whatever page sets the title under it.
 */
export function LiveUpdates() {
  const { count = 0, recount } = useUnreadCount();
  useLiveStream(recount);

  useEffect(() => {
    const apply = () => {
      const title = titleWithCount(document.title, count);
      if (document.title !== title) document.title = title;
    };
    apply();
    // Each navigation sets the page's own title: the count goes back in front of it.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);

  return null;
}
