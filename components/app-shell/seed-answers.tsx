"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { DrawnAnswer } from "@/lib/first-paint/drawn-answers";

/**
 * Puts the answers the server read for this page (docs/contract.md 8.1) into the query cache before its
 * children render, on the server and again as the browser takes the page over, so both draw the same
 * content and nothing is fetched twice. An answer already cached and newer (the reader acted since) wins.
 * Rendered even with no answers, so a client-side navigation keeps the page's tree, and its state.
 */
export function SeedAnswers({ answers, children }: { answers: DrawnAnswer[]; children: ReactNode }) {
  const queryClient = useQueryClient();
  useState(() => {
    for (const { key, data, updatedAt } of answers) {
      const cached = queryClient.getQueryState(key);
      if (!cached || cached.dataUpdatedAt < updatedAt) queryClient.setQueryData(key, data, { updatedAt });
    }
  });
  return children;
}
