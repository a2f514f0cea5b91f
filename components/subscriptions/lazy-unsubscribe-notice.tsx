"use client";

import { lazyComponent } from "../ui/lazy-component";

// Shown once the reader unsubscribes: fetched then, not with the issue, the newsletter or the subscriptions page (issue 41's budget).
export const UnsubscribeNotice = lazyComponent(() => import("./unsubscribe-notice").then((module) => module.UnsubscribeNotice));
