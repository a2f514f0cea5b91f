"use client";

import { lazyComponent } from "../ui/lazy-component";

/** Shown only once the reader has scrolled: its code loads after the first paint (issue 41's budget). */
export const ScrollTopButton = lazyComponent(() => import("./scroll-top-button").then((module) => module.ScrollTopButton));
