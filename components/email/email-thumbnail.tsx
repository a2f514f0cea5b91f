"use client";

import { useState } from "react";
import { MailIcon } from "../ui/icons";

/** An issue's picture, small, over a quiet placeholder that stays when the picture fails to load. */
export function EmailThumbnail({ src, className = "" }: { src: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      aria-hidden="true"
      data-testid="thumbnail"
      className={`relative flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-indigo-50 to-slate-100 text-indigo-300 dark:from-slate-800 dark:to-slate-900 dark:text-slate-600 ${className}`}
    >
      <MailIcon width={24} height={24} />
      {!failed && (
        // Thumbnails come from every publisher's host, so next/image's allow-list does not fit.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={src}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </div>
  );
}
