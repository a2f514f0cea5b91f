import type { ReactNode } from "react";

/** One section of the settings page. */
export function SettingsCard({ title, children, tone = "normal" }: { title: string; children: ReactNode; tone?: "normal" | "danger" }) {
  const border = tone === "danger" ? "border-rose-300 dark:border-rose-900" : "border-slate-200 dark:border-slate-800";
  return (
    <section className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 dark:bg-slate-900 ${border}`}>
      <h2 className="mb-3 text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}
