"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export type SettingsTab = {
  id: string;
  label: string;
  /** The ids of its sections a link may land on (/settings#digest opens the tab holding Digest). */
  sections: string[];
  content: ReactNode;
};

/** The tab a link's hash names: a tab itself, or the tab holding the section it names; else the first. */
export function tabForHash(tabs: Pick<SettingsTab, "id" | "sections">[], hash: string): string {
  let target: string;
  try {
    target = decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    // A malformed percent-encoding names nothing.
    target = "";
  }
  return (tabs.find((tab) => tab.id === target || tab.sections.includes(target)) ?? tabs[0]).id;
}

/**
 * Settings in tabs (WAI-ARIA APG tabs, activated as focus moves): Left and Right, Home and End move between
 * them. The chosen tab is written to the address as its hash, so a link opens it (/settings#data), and a
 * link to a section (/settings#digest) opens the tab holding it. A panel is drawn when its tab is first shown
 * (its sections' code is fetched then: issue 41's budget) and stays mounted once hidden: what a reader typed
 * in one is still there on coming back, and a section linked to lands once its tab is shown.
 */
export function SettingsTabs({ tabs }: { tabs: SettingsTab[] }) {
  const [active, setActive] = useState(tabs[0].id);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set([tabs[0].id]));
  if (!shown.has(active)) setShown(new Set([...shown, active]));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const layout = tabs.map((tab) => `${tab.id}:${tab.sections.join(",")}`).join(";");

  useEffect(() => {
    const entries = layout.split(";").map((entry) => {
      const [id, sections] = entry.split(":");
      return { id, sections: sections ? sections.split(",") : [] };
    });
    const follow = (event?: HashChangeEvent) => {
      const tab = tabForHash(entries, window.location.hash);
      setActive(tab);
      // A link to another tab from within the page starts it at the top, as a new page would.
      if (event && window.location.hash === `#${tab}`) window.scrollTo({ top: 0 });
      // A section named by the link comes into view once its tab is drawn (sections that fill in later land
      // again themselves when ready: AnchoredSection).
      const section = window.location.hash.slice(1);
      if (entries.some((entry) => entry.sections.includes(section)))
        requestAnimationFrame(() => document.getElementById(section)?.scrollIntoView({ block: "start" }));
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [layout]);

  const choose = (id: string, focus: boolean) => {
    setActive(id);
    // Written in place: switching tabs is not a step the Back button should retrace.
    window.history.replaceState(window.history.state, "", `#${id}`);
    if (focus) buttons.current.get(id)?.focus();
  };

  const onKey = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.id === active);
    const to =
      event.key === "ArrowRight" ? at + 1 : event.key === "ArrowLeft" ? at - 1 : event.key === "Home" ? 0 : event.key === "End" ? -1 : null;
    if (to === null) return;
    event.preventDefault();
    choose(tabs[(to + tabs.length) % tabs.length].id, true);
  };

  return (
    <div className="mx-auto max-w-2xl">
      <div
        role="tablist"
        aria-label="Settings"
        onKeyDown={onKey}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0 dark:border-slate-800 [scrollbar-width:none]"
      >
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) buttons.current.set(tab.id, node);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`settings-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`settings-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(tab.id, false)}
              className={`-mb-px shrink-0 whitespace-nowrap rounded-t-lg border-b-2 px-4 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500 ${
                selected
                  ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`settings-panel-${tab.id}`}
          aria-labelledby={`settings-tab-${tab.id}`}
          hidden={tab.id !== active}
          className="*:mt-5"
        >
          {shown.has(tab.id) && tab.content}
        </div>
      ))}
    </div>
  );
}
