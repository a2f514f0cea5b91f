import type { Metadata } from "next";
import { NewsletterDetail } from "@/components/newsletter/newsletter-detail";

export const metadata: Metadata = { title: "Newsletter" };

type Props = { params: Promise<{ newsletterId: string }> };

export default async function NewsletterPage({ params }: Props) {
  const { newsletterId } = await params;
  return <NewsletterDetail rawId={newsletterId} />;
}
