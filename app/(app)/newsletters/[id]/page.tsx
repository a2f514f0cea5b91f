import { redirect } from "next/navigation";

type Props = { params: Promise<{ id: string }> };

/** Onboarding opens newsletters here; the detail page lives at /newsletter/{id}. */
export default async function NewsletterAliasPage({ params }: Props) {
  const { id } = await params;
  redirect(`/newsletter/${encodeURIComponent(id)}`);
}
