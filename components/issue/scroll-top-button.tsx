"use client";

import { ArrowUpIcon } from "../ui/reader-icons";

const looks = {
  // Desktop: a round button in the corner. On a phone it is the last slot of the bottom bar instead,
  // where it covers nothing (the comment form's Submit included).
  corner:
    "fixed bottom-5 right-5 z-20 h-11 w-11 rounded-full bg-indigo-600 text-white shadow-lg hover:bg-indigo-500 focus-visible:ring-offset-2 dark:bg-indigo-500 max-[768px]:hidden",
  bar: "w-12 shrink-0 rounded-lg text-indigo-700 hover:bg-slate-100 dark:text-indigo-300 dark:hover:bg-slate-800 min-[769px]:hidden",
} as const;

/** The scroll-to-top button itself; lazy-scroll-top.tsx shows it once the page is scrolled. */
export function ScrollTopButton({ placement = "corner" }: { placement?: keyof typeof looks }) {
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
      aria-label="Scroll to top"
      className={`inline-flex items-center justify-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${looks[placement]}`}
    >
      <ArrowUpIcon />
    </button>
  );
}
