/** A loading state with its words visible, so screen readers and people read the same thing. */
export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 text-sm text-slate-500 dark:text-slate-400 ${className}`}>
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600 dark:border-slate-700 dark:border-t-indigo-400"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}
