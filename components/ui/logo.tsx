import Link from "next/link";

export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-indigo-600 dark:fill-indigo-500" />
      <path d="M8 10.5h11a3 3 0 0 1 3 3V23H11a3 3 0 0 1-3-3z" fill="white" />
      <path d="M22 13.5h1.5A1.5 1.5 0 0 1 25 15v6a2 2 0 0 1-2 2h-1" fill="none" stroke="white" strokeWidth="1.6" />
      <path d="M11 14h8M11 17h8M11 20h5" stroke="#4f46e5" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/** `prefetch` false for the app frame's logo, shown on every page: the feed's code is fetched on the way there, not with each page. */
export function Logo({ href = "/", prefetch }: { href?: string; prefetch?: false }) {
  return (
    <Link
      href={href}
      prefetch={prefetch}
      className="inline-flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-white"
    >
      <LogoMark />
      <span>Paperboy</span>
    </Link>
  );
}
