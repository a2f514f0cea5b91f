"use client";

import dynamic from "next/dynamic";

// An issue's dialogs, opened on request: fetched then, not with the feed's or the issue's first paint (issue 41's
// budget). Each takes focus when it mounts, so the first opening is answered as any other.
export const FolderModal = dynamic(() => import("./folder-modal").then((module) => module.FolderModal), { ssr: false });
export const ShareModal = dynamic(() => import("./share-modal").then((module) => module.ShareModal), { ssr: false });
export const SubscribeModal = dynamic(() => import("./subscribe-modal").then((module) => module.SubscribeModal), { ssr: false });
