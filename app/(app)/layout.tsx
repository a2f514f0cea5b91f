import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell/app-shell";
import { DrawnAnswers } from "@/components/app-shell/drawn-answers";
import { describeUser } from "@/lib/auth/service";
import { subscriptionKeys, userKeys } from "@/lib/client/query-keys";
import { listSubscriptions } from "@/lib/subscriptions/service";

/** The reader and their subscriptions come with the page (docs/contract.md 8.1): the shell draws at once. */
export default function ProtectedLayout({ children }: { children: ReactNode }) {
  return (
    <DrawnAnswers
      reads={[
        { key: userKeys.me(), read: describeUser },
        { key: subscriptionKeys.list(), read: (reader) => listSubscriptions(reader.id) },
      ]}
    >
      <AppShell>{children}</AppShell>
    </DrawnAnswers>
  );
}
