/** How far the reader got in a half-read issue, for its feed card: a thin bar and "n% read"; nothing before or after. */
export function ReadProgress({ fraction }: { fraction: number | null }) {
  if (fraction === null || fraction <= 0 || fraction >= 1) return null;
  const percent = Math.min(99, Math.max(1, Math.round(fraction * 100)));
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="read-progress">
      <span aria-hidden="true"> · </span>
      <span aria-hidden="true" className="h-1 w-10 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <span className="block h-full rounded-full bg-indigo-500 dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </span>
      {percent}% read
    </span>
  );
}
