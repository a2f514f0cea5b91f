"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // docs/spec.md section 9: unused cached API data is kept 60 seconds.
          // offlineFirst: a read is tried even offline, where the service worker answers it from the reader's copies.
          queries: { gcTime: 60_000, staleTime: 30_000, retry: false, refetchOnWindowFocus: false, networkMode: "offlineFirst" },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
