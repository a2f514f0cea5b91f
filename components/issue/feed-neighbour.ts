import type { QueryClient } from "@tanstack/react-query";
import { feedQuery, type Email, type PagedList } from "@/lib/client/issues";
import { feedApiParams, feedFromParams, feedToParams } from "../feed/feed-query";
import { rememberedFeedUrl, rememberFeedUrl, rememberOpenedIssue } from "../feed/feed-return";

/** The issues a feed page lists, as the feed shows them (unread confirmations wait above the list). */
const listed = (page: PagedList<Email>) => page.items.filter((email) => email.kind !== "confirmation" || email.is_read);

/**
 * The issue `step` away from `emailId` on the feed page the reader came from, going on to the next or previous
 * page at its ends (that page is then the one to go back to); or, when there is none, what to announce.
 */
export async function feedNeighbour(queryClient: QueryClient, emailId: number, step: 1 | -1): Promise<Email | string> {
  // The page as the reader saw it, if it is still cached: refetched, an unread-only feed would have lost the issue just read.
  const feedPage = (query: string) => {
    const options = feedQuery(query);
    return queryClient.getQueryData(options.queryKey) ?? queryClient.fetchQuery(options);
  };
  const url = rememberedFeedUrl();
  const state = feedFromParams(new URLSearchParams(url.split("?")[1] ?? ""));
  const page = await feedPage(feedApiParams(state).toString());
  const issues = listed(page);
  const at = issues.findIndex((email) => email.id === emailId);
  if (at === -1) return "This issue is not on the feed page you came from.";
  let target: Email | undefined = issues[at + step];
  if (!target) {
    const otherPage = state.page + step;
    if (otherPage < 1 || otherPage > page.total_pages) return step === 1 ? "This is the last issue." : "This is the first issue.";
    const other = listed(await feedPage(feedApiParams({ ...state, page: otherPage }).toString()));
    target = step === 1 ? other[0] : other[other.length - 1];
    if (!target) return step === 1 ? "This is the last issue." : "This is the first issue.";
    rememberFeedUrl(`/feed?${feedToParams({ ...state, page: otherPage })}`);
  }
  rememberOpenedIssue(target.id);
  return target;
}
