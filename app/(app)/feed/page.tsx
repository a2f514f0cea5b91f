import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "My Feed" };

export default function FeedPage() {
  return <EmptyState action={{ href: "/discover", label: "Discover newsletters" }}>No newsletters in your feed yet.</EmptyState>;
}
