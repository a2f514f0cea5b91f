"use client";

import { useState } from "react";

/** A publisher's logo over its initial, so a slow or broken image never leaves an empty box. */
export function NewsletterLogo({ src, name, className = "h-10 w-10" }: { src: string | null; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      aria-hidden="true"
      className={`${className} relative flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300`}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
      {src && !failed && (
        // Logos come from many publishers' hosts, so next/image's allow-list does not fit.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={src} alt="" onError={() => setFailed(true)} className="absolute inset-0 h-full w-full object-cover" />
      )}
    </span>
  );
}
