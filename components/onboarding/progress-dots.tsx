export function ProgressDots({ step, total }: { step: number; total: number }) {
  return (
    <div role="img" aria-label={`Step ${step + 1} of ${total}`} className="flex items-center justify-center gap-2">
      {Array.from({ length: total }, (_, index) => (
        <span
          key={index}
          data-active={index === step || undefined}
          className={`h-2 rounded-full transition-all ${index === step ? "w-6 bg-indigo-600 dark:bg-indigo-400" : index < step ? "w-2 bg-indigo-300 dark:bg-indigo-700" : "w-2 bg-slate-300 dark:bg-slate-700"}`}
        />
      ))}
    </div>
  );
}
