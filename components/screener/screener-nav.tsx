"use client";

import { usePathname } from "next/navigation";
import { useScreener } from "@/lib/client/screener";
import { IntentLink } from "../app-shell/intent-link";
import { MailIcon } from "../ui/icons";

/** The sidebar's Screener entry with how many senders wait; nothing for a reader who never turned it on. */
export function ScreenerNav({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const pathname = usePathname();
  const screener = useScreener();
  if (!screener.data || (!screener.data.enabled && screener.data.pending === 0)) return null;
  const { pending } = screener.data;
  const active = pathname === "/screener";
  const label = `Screener, ${pending} waiting`;
  return (
    <IntentLink
      href="/screener"
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      aria-label={label}
      title={compact ? label : undefined}
      className={`flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
        compact ? "justify-center" : ""
      } ${
        active
          ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950/70 dark:text-indigo-300"
          : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      }`}
    >
      <MailIcon className="shrink-0" />
      {!compact && <span className="flex-1">Screener</span>}
      {!compact && pending > 0 && (
        <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white dark:bg-indigo-500">{pending}</span>
      )}
    </IntentLink>
  );
}
