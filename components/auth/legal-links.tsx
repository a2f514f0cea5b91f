// docs/spec.md: the published policies live outside the app; operators point these at their own.
const TERMS_URL = process.env.NEXT_PUBLIC_TERMS_URL || "https://paperboy.email/terms";
const PRIVACY_URL = process.env.NEXT_PUBLIC_PRIVACY_URL || "https://paperboy.email/privacy";

const linkClass =
  "underline underline-offset-4 hover:text-slate-900 dark:hover:text-white rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

/** The policies open in their own tab, so a half-filled form is not lost. */
export function LegalLinks() {
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      By continuing you agree to our{" "}
      <a href={TERMS_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
        Terms of Service
      </a>{" "}
      and{" "}
      <a href={PRIVACY_URL} target="_blank" rel="noopener noreferrer" className={linkClass}>
        Privacy Policy
      </a>
      .
    </p>
  );
}
