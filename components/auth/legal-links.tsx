import Link from "next/link";

const linkClass = "underline underline-offset-4 hover:text-slate-900 dark:hover:text-white rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/** The policies open in their own tab, so a half-filled form is not lost. */
export function LegalLinks() {
  return (
    <p className="text-xs text-slate-500 dark:text-slate-500">
      By continuing you agree to our{" "}
      <Link href="/terms" target="_blank" rel="noopener noreferrer" className={linkClass}>
        Terms of Service
      </Link>{" "}
      and{" "}
      <Link href="/privacy" target="_blank" rel="noopener noreferrer" className={linkClass}>
        Privacy Policy
      </Link>
      .
    </p>
  );
}
