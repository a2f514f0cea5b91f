import type { Metadata } from "next";
import { DrawnAnswers } from "@/components/app-shell/drawn-answers";
import { NewsletterDetail } from "@/components/newsletter/newsletter-detail";
import { parseNewsletterId } from "@/components/newsletter/newsletter-id";
import { emailKeys, newsletterKeys } from "@/lib/client/query-keys";
import { recentIssuesJson } from "@/lib/issues/public-service";
import { newsletterJson } from "@/lib/newsletters/discovery-service";

export const metadata: Metadata = { title: "Newsletter" };

type Props = { params: Promise<{ newsletterId: string }> };

export default async function NewsletterPage({ params }: Props) {
  const { newsletterId } = await params;
  const id = parseNewsletterId(newsletterId);
  return (
    <DrawnAnswers
      reads={
        id === null
          ? []
          : [
              { key: newsletterKeys.detail(id), read: (reader) => newsletterJson(reader.id, id) },
              { key: emailKeys.recent(id), read: (reader) => recentIssuesJson(reader.id, id) },
            ]
      }
    >
      <NewsletterDetail rawId={newsletterId} />
    </DrawnAnswers>
  );
}
