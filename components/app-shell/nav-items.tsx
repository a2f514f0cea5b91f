"use client";

import { usePathname } from "next/navigation";
import type { ComponentType, SVGProps } from "react";
import { CompassIcon, FeedIcon, HighlightIcon, InboxIcon, SettingsIcon } from "../ui/icons";
import { useSavedSearches } from "@/lib/client/searches";
import { ScreenerNav } from "../screener/screener-nav";
import { lazyComponent } from "../ui/lazy-component";
import { IntentLink } from "./intent-link";

// Most readers have saved no search: the list's code is fetched once there is one to show (issue 41's budget).
const SavedSearchList = lazyComponent(() => import("./saved-searches").then((module) => module.SavedSearches));

function SavedSearches(props: { compact?: boolean; onNavigate?: () => void }) {
  const searches = useSavedSearches();
  return (searches.data?.items.length ?? 0) > 0 && <SavedSearchList {...props} />;
}

type NavItem = { href: string; label: string; icon: ComponentType<SVGProps<SVGSVGElement>> };

const MAIN_NAV: NavItem[] = [
  { href: "/feed", label: "My Feed", icon: FeedIcon },
  { href: "/discover", label: "Discover", icon: CompassIcon },
  { href: "/subscriptions", label: "Subscriptions", icon: InboxIcon },
  { href: "/highlights", label: "Highlights", icon: HighlightIcon },
];

const ACCOUNT_NAV: NavItem[] = [{ href: "/settings", label: "Settings", icon: SettingsIcon }];

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The two groups of docs/spec.md's sidebar; `compact` shows icons only, with the label kept for screen readers. */
export function NavGroups({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const pathname = usePathname();
  const renderGroup = (items: NavItem[], label: string) => (
    <ul aria-label={label} className="space-y-1">
      {items.map(({ href, label: text, icon: Icon }) => {
        const active = isActive(pathname, href);
        return (
          <li key={href}>
            <IntentLink
              href={href}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              title={compact ? text : undefined}
              className={`flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                compact ? "justify-center" : ""
              } ${
                active
                  ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950/70 dark:text-indigo-300"
                  : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              }`}
            >
              <Icon className="shrink-0" />
              <span className={compact ? "sr-only" : ""}>{text}</span>
            </IntentLink>
          </li>
        );
      })}
    </ul>
  );
  return (
    <div className="flex flex-1 flex-col justify-between gap-6">
      <div className="space-y-6">
        {renderGroup(MAIN_NAV, "Reading")}
        <ScreenerNav compact={compact} onNavigate={onNavigate} />
        <SavedSearches compact={compact} onNavigate={onNavigate} />
      </div>
      <div className="border-t border-slate-200 pt-4 dark:border-slate-800">{renderGroup(ACCOUNT_NAV, "Account")}</div>
    </div>
  );
}
