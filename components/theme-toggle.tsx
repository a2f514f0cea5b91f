"use client";

import { useSyncExternalStore } from "react";
import { oppositeTheme, THEME_STORAGE_KEY, type Theme } from "@/lib/theme/theme";
import { iconButtonClass } from "./ui/button";
import { MoonIcon, SunIcon } from "./ui/icons";

// The class on <html> is the source of truth: the inline script in app/layout.tsx sets it before paint.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const currentTheme = (): Theme => (document.documentElement.classList.contains("dark") ? "dark" : "light");
const serverTheme = (): Theme | null => null;

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(theme);
  root.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private windows may refuse storage; the theme still applies for this page.
  }
}

/** The theme shown now; null while rendered on the server, which cannot know it. */
export function useTheme(): Theme | null {
  return useSyncExternalStore<Theme | null>(subscribe, currentTheme, serverTheme);
}

/** The theme the reader would switch to, and the switch: for places other than the header's button. */
export function useThemeSwitch(): { next: Theme; toggle: () => string } {
  const theme = useTheme();
  const next = theme ? oppositeTheme(theme) : "dark";
  return {
    next,
    toggle: () => {
      applyTheme(next);
      return `${next === "dark" ? "Dark" : "Light"} theme.`;
    },
  };
}

export function ThemeToggle() {
  const theme = useTheme();
  const next = theme ? oppositeTheme(theme) : "dark";
  return (
    <button
      type="button"
      onClick={() => applyTheme(next)}
      className={iconButtonClass}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-theme-current={theme ?? undefined}
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
