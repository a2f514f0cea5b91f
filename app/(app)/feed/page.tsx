import type { Metadata } from "next";
import { DrawnAnswers } from "@/components/app-shell/drawn-answers";
import { feedApiParams, feedFromParams, pendingConfirmationParams } from "@/components/feed/feed-query";
import { FeedView } from "@/components/feed/feed-view";
import { emailKeys } from "@/lib/client/query-keys";
import { pageQuery, type PageSearchParams } from "@/lib/first-paint/page-query";
import { FeedQuery } from "@/lib/issues/schemas";
import { listFeedJson } from "@/lib/issues/service";

export const metadata: Metadata = { title: "My Feed" };

/** The page the URL asks for (its filters, search and page) and the confirmations above it arrive drawn. */
export default async function FeedPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const state = feedFromParams(pageQuery(await searchParams));
  const lists = [feedApiParams(state), pendingConfirmationParams(state)].filter((params) => params !== null);
  return (
    <DrawnAnswers
      reads={lists.map((params) => ({
        key: emailKeys.list(params.toString()),
        read: (reader) => listFeedJson(reader.id, FeedQuery.parse(Object.fromEntries(params))),
      }))}
    >
      <FeedView />
    </DrawnAnswers>
  );
}
