"use client";

import { useRouter } from "next/navigation";

/**
 * After signing in: on to `next`, in place of the guest page. The router's cached guest pages
 * (the landing page with its Log in links) are dropped too, so Back shows them signed in.
 */
export function useGoOn(next: string): () => void {
  const router = useRouter();
  return () => {
    router.refresh();
    router.replace(next);
  };
}
