"use client";

import { useState } from "react";

/** A publisher's logo, or its initial when there is none or it fails to load. */
export function NewsletterLogo({ src, name, className = "h-10 w-10" }: { src: string | null; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    // Logos come from many publishers' hosts, so next/image's allow-list does not fit.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={src} alt="" onError={() => setFailed(true)} className={`${className} shrink-0 rounded-lg bg-white object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${className} flex shrink-0 items-center justify-center rounded-lg bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300`}>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
