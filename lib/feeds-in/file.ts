import "server-only";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";
import { readerIdentity } from "@/lib/mail/filing/filing";
import { prepareMessage } from "@/lib/mail/content/worker-pool";
import { resolveRecipients, storeAndFileForReader, type Recipient } from "@/lib/mail/service";
import { logger } from "@/lib/observability/log";
import type { ParsedEntry } from "./parse";
import { findHeldKeys, findUniqueLocal, updateEmailLink } from "./repo";

/** The feed as its entries are filed: the newsletter is named by its title. */
export type FeedIdentity = { id: number; title: string; siteUrl: string | null; feedUrl: string };

/** An entry with the row that keeps it (lib/feeds-in/repo.ts recordEntries). */
export type KnownEntry = { entryId: number; entry: ParsedEntry };

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

const feedsDomain = () => `feeds.${env.MAIL_DOMAIN}`;

/** The Message-ID an entry is filed under: the same for every reader and every refresh, so it is filed once. */
function entryMessageId(feedId: number, entryId: number): string {
  return `entry-${entryId}.feed-${feedId}@${feedsDomain()}`;
}

/** What filing dedupes by for this entry (lib/mail/content/parse.ts messageKeyOf). */
function entryMessageKey(feedId: number, entryId: number): string {
  return `mid:${entryMessageId(feedId, entryId).toLowerCase()}`;
}

/**
 * An entry as a message, so it takes the path mail takes (sanitising, trackers, summary, rules, live
 * events, webhooks): from the feed's title at its site's domain, under a List-Id of the feed's own, so
 * each feed is one newsletter of the reader's and rules on the List-Id or the sender's domain apply.
 */
async function entryMessage(feed: FeedIdentity, known: KnownEntry, to: string): Promise<Buffer> {
  const { entry, entryId } = known;
  const host = hostOf(feed.siteUrl) ?? hostOf(feed.feedUrl) ?? feedsDomain();
  const title = feed.title || host;
  const { message } = (await composer.sendMail({
    from: { name: title, address: `feed@${host}` },
    to,
    subject: entry.title || "",
    date: entry.date ?? new Date(),
    messageId: `<${entryMessageId(feed.id, entryId)}>`,
    html: `<!doctype html><html><body>${entry.html}</body></html>`,
    headers: { "List-Id": `${title.replace(/[<>"\r\n]/g, "")} <feed-${feed.id}.${feedsDomain()}>` },
  })) as { message: Buffer };
  return message;
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/** The reader as filing knows them, or null once they are gone. */
export async function readerOf(userId: number): Promise<Recipient | null> {
  const local = await findUniqueLocal(userId);
  const [reader] = local ? await resolveRecipients([`${local}@${env.MAIL_DOMAIN}`]) : [];
  return reader ?? null;
}

/**
 * Files for one reader the entries they do not hold yet, oldest first, each through the filing path of
 * mail; returns how many were filed and their newsletter. One entry that cannot be filed costs only itself.
 */
export async function fileEntries(
  reader: Recipient,
  feed: FeedIdentity,
  entries: KnownEntry[],
): Promise<{ filed: number; newsletterId: number | null }> {
  const held = await findHeldKeys(
    reader.userId,
    entries.map((known) => entryMessageKey(feed.id, known.entryId)),
  );
  let filed = 0;
  let newsletterId: number | null = null;
  const identity = readerIdentity([reader]);
  const to = `${reader.localParts.at(-1)}@${env.MAIL_DOMAIN}`;
  const byDate = [...entries].sort((a, b) => (a.entry.date?.getTime() ?? 0) - (b.entry.date?.getTime() ?? 0));
  for (const known of byDate) {
    const key = entryMessageKey(feed.id, known.entryId);
    if (held.has(key)) continue;
    held.add(key);
    try {
      const raw = await entryMessage(feed, known, to);
      const prepared = await prepareMessage(raw, [], identity);
      if (!prepared.parsable || prepared.content === null) throw new Error(prepared.parsable ? prepared.failure : "Not parsable");
      await storeAndFileForReader(reader, raw, { facts: prepared.facts, content: prepared.content }, new Date(), "feed");
      newsletterId = (await updateEmailLink(reader.userId, key, known.entry.link)) ?? newsletterId;
      filed++;
    } catch (error) {
      logger.error({ err: error, feed_id: feed.id, entry_id: known.entryId }, "A feed entry could not be filed");
    }
  }
  return { filed, newsletterId };
}
