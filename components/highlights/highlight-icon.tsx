import type { SVGProps } from "react";

/** A marker pen, for the Highlights page in the navigation; drawn as components/ui/icons.tsx draws its icons. */
export function HighlightIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      width={20}
      height={20}
      {...props}
    >
      <path d="m9 11-4 4v3h3l4-4" />
      <path d="m9 11 6.5-6.5a2.1 2.1 0 0 1 3 3L12 14z" />
      <path d="M4 21h16" />
    </svg>
  );
}
