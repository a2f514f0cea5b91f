"use client";

import { useEffect, useState, type ComponentProps } from "react";
import { lazyComponent } from "../ui/lazy-component";

const THRESHOLD_PX = 400;

const LoadedScrollTopButton = lazyComponent(() => import("./scroll-top-button").then((module) => module.ScrollTopButton));

/**
 * docs/spec.md section 2: a scroll-to-top button appears after scrolling more than 400 px. Its code is
 * fetched the first time it appears, not with the page (issue 41's budget).
 */
export function ScrollTopButton(props: ComponentProps<typeof LoadedScrollTopButton>) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > THRESHOLD_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return visible && <LoadedScrollTopButton {...props} />;
}
