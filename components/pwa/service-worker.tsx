"use client";

import { useEffect } from "react";
import { registerWorker } from "@/lib/pwa/client";

/** Registers the service worker from any page, so the app installs wherever it is first opened. */
export function ServiceWorker() {
  useEffect(registerWorker, []);
  return null;
}
