"use client";

import { useState, type CSSProperties } from "react";
import { monogram } from "@/lib/newsletters/monogram";

/** The catalog's logo when the browser can load it, else the newsletter's monogram. */
export function NewsletterAvatar({
  src,
  name,
  className = "h-12 w-12 text-base",
}: {
  src: string | null;
  name: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const { initials, hue } = monogram(name);
  const showImage = src !== null && failedSrc !== src;
  const loaded = showImage && loadedSrc === src;
  return (
    <span
      aria-hidden="true"
      style={hueVariable(hue)}
      className={`${className} relative flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-[hsl(var(--hue)_70%_90%)] font-semibold text-[hsl(var(--hue)_55%_25%)] dark:bg-[hsl(var(--hue)_45%_22%)] dark:text-[hsl(var(--hue)_70%_85%)]`}
    >
      {loaded ? null : initials}
      {showImage && (
        // Logos come from many publishers' hosts, so next/image's allow-list does not fit.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={src}
          alt=""
          loading="lazy"
          onLoad={() => setLoadedSrc(src)}
          onError={() => setFailedSrc(src)}
          className={`absolute inset-0 h-full w-full object-contain p-1.5 ${loaded ? "bg-white" : "opacity-0"}`}
        />
      )}
    </span>
  );
}

// Tailwind's arbitrary colours read the hue from a custom property, which CSSProperties does not type.
function hueVariable(hue: number): CSSProperties {
  return { "--hue": hue } as CSSProperties;
}
