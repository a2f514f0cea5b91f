import type { Metadata } from "next";
import { DrawnAnswers } from "@/components/app-shell/drawn-answers";
import { DiscoverView } from "@/components/discover/discover-view";
import { newsletterKeys } from "@/lib/client/query-keys";
import { trendingIssuesJson } from "@/lib/issues/public-service";
import { categoriesJson, featuredNewslettersJson, recommendedNewslettersJson } from "@/lib/newsletters/discovery-service";

export const metadata: Metadata = { title: "Discover" };

// The category carousels (one list per category) are left to the browser: drawn, they would weigh more than the page.
export default function DiscoverPage() {
  return (
    <DrawnAnswers
      reads={[
        { key: newsletterKeys.featured(), read: () => featuredNewslettersJson() },
        { key: newsletterKeys.recommended(), read: (reader) => recommendedNewslettersJson(reader.id) },
        { key: newsletterKeys.trendingIssues(), read: (reader) => trendingIssuesJson(reader.id) },
        { key: newsletterKeys.categories(), read: () => categoriesJson() },
      ]}
    >
      <DiscoverView />
    </DrawnAnswers>
  );
}
