"use client";

import { useCallback, useSyncExternalStore } from "react";

/** Reader view's text size (px) and line width, chosen by the reader and kept in this browser like the theme. */
export type ReaderSettings = { fontSize: number; width: ReaderWidth };
export type ReaderWidth = "narrow" | "medium" | "wide";

export const FONT_SIZES = [15, 17, 19, 21, 24, 28] as const;
export const WIDTHS: Record<ReaderWidth, { label: string; maxWidth: string }> = {
  narrow: { label: "Narrow", maxWidth: "32rem" },
  medium: { label: "Medium", maxWidth: "40rem" },
  wide: { label: "Wide", maxWidth: "52rem" },
};

const STORAGE_KEY = "reader-view";
const DEFAULTS: ReaderSettings = { fontSize: 19, width: "medium" };
const listeners = new Set<() => void>();

function parse(stored: string | null): ReaderSettings {
  try {
    const value = JSON.parse(stored ?? "null") as Partial<ReaderSettings> | null;
    return {
      fontSize: FONT_SIZES.find((size) => size === value?.fontSize) ?? DEFAULTS.fontSize,
      width: value?.width && value.width in WIDTHS ? value.width : DEFAULTS.width,
    };
  } catch {
    return DEFAULTS;
  }
}

// One object per stored text, so useSyncExternalStore sees the same snapshot until the text changes.
let cached: { text: string | null; settings: ReaderSettings } = { text: null, settings: DEFAULTS };
function snapshot(): ReaderSettings {
  const text = localStorage.getItem(STORAGE_KEY);
  if (text !== cached.text) cached = { text, settings: parse(text) };
  return cached.settings;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function useReaderSettings(): [ReaderSettings, (change: Partial<ReaderSettings>) => void] {
  const settings = useSyncExternalStore(subscribe, snapshot, () => DEFAULTS);
  const update = useCallback((change: Partial<ReaderSettings>) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...snapshot(), ...change }));
    listeners.forEach((listener) => listener());
  }, []);
  return [settings, update];
}
