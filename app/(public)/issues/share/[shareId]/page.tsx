import type { Metadata } from "next";
import Link from "next/link";
import { cache } from "react";
import { EmailFrame, PlainBody } from "@/components/email/email-frame";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClass } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";
import { NotFoundError } from "@/lib/api/errors";
import { appOrigin } from "@/lib/env";
import { formatDateTime } from "@/lib/format/date";
import { proxiedImagePath } from "@/lib/images/sign";
import { ShareParams } from "@/lib/share/schemas";
import { getSharedIssuePage, type SharedIssueView } from "@/lib/share/service";
import { logger } from "@/lib/observability/log";

type Props = { params: Promise<{ shareId: string }> };

type Lookup = { issue: SharedIssueView | null; failed: boolean };

/** One lookup per request, shared by the metadata and the page; a malformed or unknown id finds nothing. */
const loadSharedIssue = cache(async (shareId: string): Promise<Lookup> => {
  if (!ShareParams.safeParse({ shareId }).success) return { issue: null, failed: false };
  try {
    return { issue: await getSharedIssuePage(shareId), failed: false };
  } catch (error) {
    if (error instanceof NotFoundError) return { issue: null, failed: false };
    logger.error({ err: error }, "Loading a shared issue failed");
    return { issue: null, failed: true };
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { issue } = await loadSharedIssue((await params).shareId);
  const robots = { index: false, follow: false };
  if (!issue) return { title: "Shared newsletter", robots };
  const title = issue.subject || "No Subject";
  const description = issue.email_summary || `A newsletter issue from ${issue.sender_name || "Unknown Sender"}, shared on Paperboy.`;
  // A link preview fetches the picture from this server's image proxy, like every other image of the page.
  const images = issue.thumbnail_image_url ? [`${appOrigin}${proxiedImagePath(issue.thumbnail_image_url)}`] : undefined;
  return {
    title,
    description,
    robots,
    openGraph: { title, description, type: "article", siteName: "Paperboy", images },
    twitter: { card: images ? "summary_large_image" : "summary", title, description, images },
  };
}

export default async function SharedIssuePage({ params }: Props) {
  const { issue, failed } = await loadSharedIssue((await params).shareId);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Logo />
          <p className="order-last w-full text-sm text-slate-600 sm:order-none sm:w-auto dark:text-slate-300">
            You are viewing a shared newsletter.
          </p>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <Link href="/login" className={buttonClass("primary", "px-3 py-2")}>
              Log In
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
        {issue ? (
          <article className="space-y-6">
            <header>
              <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
                {issue.subject || "No Subject"}
              </h1>
              <p className="mt-2 flex flex-wrap gap-x-2 text-sm text-slate-600 dark:text-slate-300">
                <span className="min-w-0 font-medium wrap-anywhere">{issue.sender_name || "Unknown Sender"}</span>
                <span aria-hidden="true">·</span>
                <time dateTime={issue.date_received}>{formatDateTime(issue.date_received)}</time>
              </p>
            </header>
            <div className="overflow-hidden rounded-2xl border border-slate-200 shadow-sm dark:border-slate-800">
              {issue.body_html ? (
                <EmailFrame html={issue.body_html} title={`Content of ${issue.subject || "No Subject"}`} />
              ) : (
                <PlainBody text={issue.body_plain || "No content available."} />
              )}
            </div>
          </article>
        ) : (
          <>
            <h1 className="sr-only">Shared newsletter</h1>
            <p
              role="alert"
              className="rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
            >
              {failed ? "Error: Failed to fetch shared email" : "Email not found. The link may be invalid or expired."}
            </p>
          </>
        )}
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        Shared with{" "}
        <Link href="/" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          Paperboy
        </Link>{" "}
        — your newsletters, in one calm feed.{" "}
        <Link href="/register" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          Create a free account
        </Link>
      </footer>
    </div>
  );
}
