import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { ChevronLeftIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Newsletter" };

type Props = { params: Promise<{ newsletterId: string }> };

export default async function NewsletterPage({ params }: Props) {
  const { newsletterId } = await params;
  const valid = /^\d+$/.test(newsletterId);
  return (
    <div className="mx-auto max-w-3xl space-y-6 pt-10 min-[769px]:pt-0">
      <Link href="/discover" className={buttonClass("ghost", "px-2")}>
        <ChevronLeftIcon />
        Back
      </Link>
      <p className="text-slate-600 dark:text-slate-300">{valid ? "Loading newsletter details..." : "Invalid Newsletter ID in URL."}</p>
    </div>
  );
}
