import type { Metadata } from "next";
import { HighlightsList } from "@/components/highlights/highlights-list";

export const metadata: Metadata = { title: "Highlights" };

export default function HighlightsPage() {
  return <HighlightsList />;
}
