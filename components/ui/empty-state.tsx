import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClass } from "./button";

/** A calm box for "nothing here yet", with an optional way forward. */
export function EmptyState({ children, action }: { children: ReactNode; action?: { href: string; label: string } }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center dark:border-slate-700 dark:bg-slate-900">
      <p className="text-slate-600 dark:text-slate-300">{children}</p>
      {action && (
        <Link href={action.href} className={buttonClass("primary")}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
