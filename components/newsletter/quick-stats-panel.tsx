import type { Newsletter } from "@/lib/client/newsletters";
import { quickStats } from "./quick-stats";

export function QuickStatsPanel({ newsletter }: { newsletter: Newsletter }) {
  return (
    <section
      aria-labelledby="quick-stats-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="quick-stats-title" className="mb-3 font-semibold text-slate-900 dark:text-white">
        Quick Stats
      </h2>
      <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {quickStats(newsletter).map((stat) => (
          <div key={stat.label} className="flex items-baseline justify-between gap-4 py-2">
            <dt className="text-slate-500 dark:text-slate-400">{stat.label}</dt>
            <dd className="min-w-0 truncate text-right font-medium text-slate-900 dark:text-slate-100">
              {stat.href ? (
                <a
                  href={stat.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
                >
                  {stat.value}
                </a>
              ) : (
                stat.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
