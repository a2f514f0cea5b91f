import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "My Subscriptions" };

export default function SubscriptionsPage() {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">My Subscriptions</h2>
      <EmptyState action={{ href: "/discover", label: "Discover newsletters" }}>No subscriptions to display.</EmptyState>
    </div>
  );
}
