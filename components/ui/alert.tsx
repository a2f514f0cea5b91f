import type { ReactNode } from "react";

/**
 * One of docs/spec.md section 8's alerts: a native alert, as the two confirmations are native confirms,
 * whose words stay on the page (the caller shows what this returns) once it is dismissed.
 */
export function raiseAlert(message: string): string {
  window.alert(message);
  return message;
}

/** An error or notice announced to screen readers as soon as it appears. */
export function Alert({
  children,
  tone = "error",
  className = "",
}: {
  children: ReactNode;
  tone?: "error" | "success";
  className?: string;
}) {
  const colors =
    tone === "error"
      ? "border-rose-200 bg-rose-50 text-rose-800 dark:border-rose-900 dark:bg-rose-950/60 dark:text-rose-200"
      : "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2 text-sm ${colors} ${className}`}>
      {children}
    </p>
  );
}
