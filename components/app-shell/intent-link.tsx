"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

type Props = Omit<ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string };

/**
 * A link fetched ahead when the reader points at it or tabs to it, not as soon as it shows: the app frame's,
 * on every page at once (prefetched on sight, each page also downloaded the code of every page the sidebar
 * names before it was done loading, issue 41's JavaScript budget), and a feed card's.
 */
export function IntentLink({ href, onPointerEnter, onFocus, ...props }: Props) {
  const router = useRouter();
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onPointerEnter={(event) => {
        router.prefetch(href);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        router.prefetch(href);
        onFocus?.(event);
      }}
    />
  );
}
