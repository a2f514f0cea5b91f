import type { Metadata } from "next";
import { BackToFeed } from "@/components/issue/back-to-feed";
import { IssueView } from "@/components/issue/issue-view";
import { DrawnAnswers } from "@/components/app-shell/drawn-answers";
import { emailKeys } from "@/lib/client/query-keys";
import { getEmail } from "@/lib/issues/service";

export const metadata: Metadata = { title: "Issue" };

export default async function EmailPage({ params }: { params: Promise<{ emailId: string }> }) {
  const { emailId } = await params;
  const id = /^\d{1,10}$/.test(emailId) ? Number(emailId) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 pt-10 min-[769px]:pt-0">
        <BackToFeed />
        <p className="text-slate-600 dark:text-slate-300">Email not found or not loaded yet.</p>
      </div>
    );
  }
  // The issue with its body (docs/contract.md 8.1): the frame's document is in the page's first answer, drawn
  // in place rather than behind a boundary that a later part of the response would fill.
  return (
    <>
      {/* The summary comes after the frame's long document in the HTML: without this the title was painted first and
          the summary, the page's largest text, rounds of parsing later (bench:pages). Hoisted into <head> by React. */}
      <link rel="expect" href="#issue-summary" blocking="render" />
      <DrawnAnswers reads={[{ key: emailKeys.detail(id), read: (reader) => getEmail(reader.id, id) }]}>
        <IssueView key={id} emailId={id} />
      </DrawnAnswers>
    </>
  );
}
