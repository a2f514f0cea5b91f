"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";

/**
 * j and k on an issue page: open the next or previous issue of the feed page the reader came from,
 * going on to the next or previous page at its ends. Answers what to announce.
 */
export function useFeedNeighbours() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async (emailId: number, step: 1 | -1): Promise<string> => {
    // Finding it (the feed's URL grammar and pages), fetched at the first j or k rather than with every issue (issue 41's budget).
    const { feedNeighbour } = await import("./feed-neighbour");
    const target = await feedNeighbour(queryClient, emailId, step);
    if (typeof target === "string") return target;
    router.push(`/emails/${target.id}`);
    return `Opening ${target.subject || "No Subject"}.`;
  };
}
