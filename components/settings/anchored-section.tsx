"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * A settings section that a link can land on (/settings#<id>). The page fills in, and is even hidden,
 * after it loads, so the browser's own jump to the anchor comes too early: the section scrolls itself
 * into view once, when its content is `ready` and it is shown.
 */
export function AnchoredSection({ id, title, ready, children }: { id: string; title: string; ready: boolean; children: ReactNode }) {
  const section = useRef<HTMLElement>(null);
  const landed = useRef(false);

  useEffect(() => {
    const node = section.current;
    if (!node || !ready || landed.current || window.location.hash !== `#${id}`) return;
    const land = () => {
      if (landed.current || node.getClientRects().length === 0) return;
      landed.current = true;
      node.scrollIntoView({ block: "start" });
    };
    const shown = new ResizeObserver(land);
    shown.observe(node);
    land();
    return () => shown.disconnect();
  }, [id, ready]);

  return (
    <section
      ref={section}
      id={id}
      aria-labelledby={`${id}-heading`}
      className="mx-auto mt-5 max-w-2xl scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-heading`} className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
