import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { ChevronLeftIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Issue" };

export default function EmailPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 pt-10 min-[769px]:pt-0">
      <Link href="/feed" className={buttonClass("ghost", "px-2")}>
        <ChevronLeftIcon />
        Back to Feed
      </Link>
      <p className="text-slate-600 dark:text-slate-300">Email not found or not loaded yet.</p>
    </div>
  );
}
