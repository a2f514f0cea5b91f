"use client";

import { useEffect, useState, type ComponentProps } from "react";
import { lazyComponent } from "../ui/lazy-component";
import { SCROLL_TOP_THRESHOLD_PX } from "./scroll-top-threshold";

const LoadedScrollTopButton = lazyComponent(() => import("./scroll-top-button").then((module) => module.ScrollTopButton));

/** Shown only once the reader has scrolled: its code is fetched then, not with the page (issue 41's budget). */
export function ScrollTopButton(props: ComponentProps<typeof LoadedScrollTopButton>) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => {
      if (window.scrollY > SCROLL_TOP_THRESHOLD_PX) setScrolled(true);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [scrolled]);
  return scrolled && <LoadedScrollTopButton {...props} />;
}
