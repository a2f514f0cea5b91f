"use client";

import { lazyComponent } from "../ui/lazy-component";

// An issue's dialogs, opened on request: fetched then, not with the feed's or the issue's first paint (issue 41's
// budget). Each takes focus when it mounts, so the first opening is answered as any other.
export const FolderModal = lazyComponent(() => import("./folder-modal").then((module) => module.FolderModal));
export const ShareModal = lazyComponent(() => import("./share-modal").then((module) => module.ShareModal));
export const SubscribeModal = lazyComponent(() => import("./subscribe-modal").then((module) => module.SubscribeModal));
