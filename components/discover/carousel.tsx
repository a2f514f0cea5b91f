"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ChevronLeftIcon } from "../ui/icons";

// Past this, the list is taken as scrolled to its end (sub-pixel widths never quite meet).
const EDGE_PX = 4;

const arrowClass =
  "absolute top-1/2 z-10 inline-flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full border border-slate-300 bg-white/95 text-slate-700 shadow-md hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700 dark:bg-slate-900/95 dark:text-slate-200 dark:hover:bg-slate-800";

/**
 * A row of cards that scrolls sideways, snapping to a card: by touch or trackpad, by Tab (a focused card
 * comes into view), and by the arrow buttons at its edges, shown only where there is more to see.
 */
export function Carousel({ label, children }: { label: string; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const node = list.current;
    if (!node) return;
    const measure = () => {
      const before = node.scrollLeft > EDGE_PX;
      const after = node.scrollLeft + node.clientWidth < node.scrollWidth - EDGE_PX;
      setMore((shown) => (shown.before === before && shown.after === after ? shown : { before, after }));
    };
    measure();
    node.addEventListener("scroll", measure, { passive: true });
    const resized = new ResizeObserver(measure);
    resized.observe(node);
    return () => {
      node.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, []);

  const page = (direction: 1 | -1) => {
    const node = list.current;
    // Most of a screenful, so the card cut at the edge comes in whole; snapping lines it up.
    if (node) node.scrollBy({ left: direction * node.clientWidth * 0.85, behavior: "smooth" });
  };

  return (
    <div className="relative">
      {more.before && (
        <button
          type="button"
          aria-label={`Scroll ${label} left`}
          aria-controls={id}
          onClick={() => page(-1)}
          className={`${arrowClass} -left-2`}
        >
          <ChevronLeftIcon />
        </button>
      )}
      <ul
        ref={list}
        id={id}
        aria-label={label}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto overscroll-x-contain px-4 pb-3 pt-1 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8 [scrollbar-width:thin]"
      >
        {children}
      </ul>
      {more.after && (
        <button
          type="button"
          aria-label={`Scroll ${label} right`}
          aria-controls={id}
          onClick={() => page(1)}
          className={`${arrowClass} -right-2`}
        >
          <ChevronLeftIcon className="rotate-180" />
        </button>
      )}
    </div>
  );
}
