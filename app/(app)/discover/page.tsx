import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Discover" };

export default function DiscoverPage() {
  return <EmptyState>No newsletters to display.</EmptyState>;
}
