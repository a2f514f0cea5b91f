import type { Metadata } from "next";
import { Suspense } from "react";
import { FeedView } from "@/components/feed/feed-view";
import { Spinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "My Feed" };

export default function FeedPage() {
  return (
    <Suspense fallback={<Spinner label="Loading feed..." className="py-16" />}>
      <FeedView />
    </Suspense>
  );
}
