"use client";

import { useState } from "react";

/**
 * An issue's picture, small. The server keeps it when the issue is filed (lib/issues/thumbnail.ts); one
 * that still fails to load takes its slot away with it, so the card is as tall as its text.
 */
export function EmailThumbnail({ src, className = "" }: { src: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="thumbnail"
      className={`relative shrink-0 overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800 ${className}`}
    >
      {/* Thumbnails come through this server's proxy, not next/image's optimiser. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={src}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="absolute inset-0 h-full w-full object-cover"
      />
    </div>
  );
}
