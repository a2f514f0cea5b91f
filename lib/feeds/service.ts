import "server-only";
import { NotFoundError } from "@/lib/api/errors";
import { refuseDisabledAccount } from "@/lib/auth/disabled";
import { appOrigin } from "@/lib/env";
import { listFeedSubscriptions } from "@/lib/feeds-in/service";
import { opmlDocument } from "./opml";
import { renderFeed, type FeedFormat, type RenderedFeed } from "./render";
import {
  findFeedEmails,
  findFeedFolder,
  findFeedFolders,
  findFeedNewsletters,
  findFeedToken,
  findFeedTokenByNonce,
  insertFeedToken,
  replaceFeedToken,
  type FeedScope,
  type FeedTokenRow,
} from "./repo";
import { feedToken, newNonce, nonceOf, tokenMatches } from "./token";

export type FeedLink = { scope: FeedScope["scope"]; id: number | null; title: string; atom_url: string; json_url: string };
export type FeedList = { token_created_at: string; items: FeedLink[] };

const ALL_TITLE = "All newsletters";

function scopePath(scope: FeedScope): string {
  return scope.scope === "all" ? "all" : `${scope.scope}/${scope.id}`;
}

function feedUrl(token: string, scope: FeedScope, format: FeedFormat): string {
  return `${appOrigin}/feeds/${token}/${scopePath(scope)}.${format}`;
}

function link(token: string, scope: FeedScope, title: string): FeedLink {
  return {
    scope: scope.scope,
    id: scope.scope === "all" ? null : scope.id,
    title,
    atom_url: feedUrl(token, scope, "atom"),
    json_url: feedUrl(token, scope, "json"),
  };
}

/** The reader's token, made on first use. */
async function currentToken(userId: number): Promise<FeedTokenRow> {
  const existing = await findFeedToken(userId);
  if (existing) return existing;
  await insertFeedToken(userId, newNonce());
  return (await findFeedToken(userId))!;
}

async function feedList(row: FeedTokenRow): Promise<FeedList> {
  const token = feedToken(row.userId, row.nonce);
  const [folders, newsletters] = await Promise.all([findFeedFolders(row.userId), findFeedNewsletters(row.userId)]);
  return {
    token_created_at: row.createdAt.toISOString(),
    items: [
      link(token, { scope: "all" }, ALL_TITLE),
      ...folders.map((folder) => link(token, { scope: "folder", id: folder.id }, folder.name)),
      ...newsletters.map((newsletter) => link(token, { scope: "newsletter", id: newsletter.id }, newsletter.name)),
    ],
  };
}

export async function listFeeds(userId: number): Promise<FeedList> {
  return feedList(await currentToken(userId));
}

/** A new token: every URL of the old one answers 404 from now on. */
export async function rotateFeeds(userId: number): Promise<FeedList> {
  return feedList(await replaceFeedToken(userId, newNonce()));
}

/** OPML of the reader's newsletter feeds (Atom) and of the feeds they follow (lib/feeds-in), for a feed reader's import. */
export async function feedsOpml(userId: number): Promise<string> {
  const row = await currentToken(userId);
  const token = feedToken(row.userId, row.nonce);
  const newsletters = await findFeedNewsletters(userId);
  const outlines = newsletters.map((newsletter) => ({
    title: newsletter.name,
    xmlUrl: feedUrl(token, { scope: "newsletter", id: newsletter.id }, "atom"),
    htmlUrl: newsletter.websiteUrl,
  }));
  const followed = (await listFeedSubscriptions(userId)).items.map((feed) => ({
    title: feed.title,
    xmlUrl: feed.feed_url,
    htmlUrl: feed.site_url,
  }));
  outlines.push(...followed);
  return opmlDocument("Paperboy newsletters", row.createdAt, outlines);
}

/** The reader a token belongs to; an unknown or rotated token is simply not found, a disabled account's refused. */
async function tokenOwner(token: string): Promise<FeedTokenRow> {
  const nonce = nonceOf(token);
  const row = nonce ? await findFeedTokenByNonce(nonce) : undefined;
  if (!row || !tokenMatches(token, row.userId, row.nonce)) throw new NotFoundError();
  refuseDisabledAccount(row.disabledAt);
  return row;
}

async function scopeTitle(userId: number, scope: FeedScope): Promise<string> {
  if (scope.scope === "all") return ALL_TITLE;
  const found = scope.scope === "folder" ? await findFeedFolder(userId, scope.id) : (await findFeedNewsletters(userId, scope.id))[0];
  if (!found) throw new NotFoundError();
  return found.name;
}

/** A private feed: the latest issues of the scope, in Atom 1.0 or JSON Feed 1.1. */
export async function privateFeed(token: string, scope: FeedScope, format: FeedFormat): Promise<RenderedFeed> {
  const owner = await tokenOwner(token);
  const title = await scopeTitle(owner.userId, scope);
  const entries = await findFeedEmails(owner.userId, scope);
  const selfUrls = { atom: feedUrl(token, scope, "atom"), json: feedUrl(token, scope, "json") };
  return renderFeed({ title, origin: appOrigin, selfUrls, emptySince: owner.createdAt, entries }, format);
}
