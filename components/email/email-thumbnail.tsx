"use client";

import { useState, type CSSProperties } from "react";
import { monogram } from "@/lib/newsletters/monogram";
import { MailIcon } from "../ui/icons";

/**
 * An issue's picture over a quiet placeholder that stays when the picture fails to load. Without a
 * picture the newsletter's initials take its place, so every card in the grid keeps the same shape.
 */
export function EmailThumbnail({ src, name, className = "" }: { src: string | null; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src) return <InitialsPlaceholder name={name} className={className} />;
  return (
    <div
      aria-hidden="true"
      className={`relative flex items-center justify-center overflow-hidden bg-gradient-to-br from-indigo-50 to-slate-100 text-indigo-300 dark:from-slate-800 dark:to-slate-900 dark:text-slate-600 ${className}`}
    >
      <MailIcon width={32} height={32} />
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

function InitialsPlaceholder({ name, className }: { name: string; className: string }) {
  const { initials, hue } = monogram(name);
  return (
    <div
      aria-hidden="true"
      data-testid="thumbnail-placeholder"
      style={hueVariable(hue)}
      className={`flex items-center justify-center overflow-hidden bg-gradient-to-br from-[hsl(var(--hue)_70%_95%)] to-[hsl(var(--hue)_45%_88%)] dark:from-[hsl(var(--hue)_35%_18%)] dark:to-[hsl(var(--hue)_30%_12%)] ${className}`}
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-white/70 text-xl font-semibold text-[hsl(var(--hue)_55%_25%)] shadow-sm dark:bg-slate-900/50 dark:text-[hsl(var(--hue)_70%_82%)]">
        {initials}
      </span>
    </div>
  );
}

// Tailwind's arbitrary colours read the hue from a custom property, which CSSProperties does not type.
function hueVariable(hue: number): CSSProperties {
  return { "--hue": hue } as CSSProperties;
}
