import "server-only";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { findChangeStamps } from "./change-repo";
import type { FeedPage } from "./feed-repo";
import type { FeedQuery } from "./schemas";

/** A feed answer as it was sent, and the stamps it was read under. */
type KeptAnswer = { reader: string; issueIds: number[]; issues: string[]; json: string };

// On globalThis: the API route's and the feed page's copies of this module keep one set of answers.
const holder = globalThis as typeof globalThis & { paperboyFeedAnswers?: LRUCache<string, KeptAnswer> };

function keptAnswers(): LRUCache<string, KeptAnswer> {
  holder.paperboyFeedAnswers ??= new LRUCache<string, KeptAnswer>({
    maxSize: env.FEED_ANSWERS_MB * 1024 * 1024,
    // Characters, two bytes each at most, and the stamps beside them.
    sizeCalculation: (answer) => 2 * answer.json.length + 64 * answer.issueIds.length + 256,
  });
  return holder.paperboyFeedAnswers;
}

const MINUTE_MS = 60_000;

/** Whose answer, to which query; a recency filter's answer is kept within the minute, as its window moves. */
function answerKey(userId: number, query: FeedQuery): string {
  const moving = query.recency_filter === "all_time" ? "" : ` ${Math.floor(Date.now() / MINUTE_MS)}`;
  return `${userId} ${JSON.stringify(query)}${moving}`;
}

/**
 * The feed's answer to `query`: the one this process kept for it while nothing it shows has changed since
 * (its reader's stamp and its issues' are the same: lib/issues/change-repo.ts), else `read` anew. A reader
 * looks at the same page many times (each visit, each return to the tab, each instance behind a balancer
 * alike), and one small query then answers it instead of the page's join. The reader's stamp is read before
 * the page: a change committed in between makes the next request read again, never keeps a stale answer.
 */
export async function keptFeedJson(
  userId: number,
  query: FeedQuery,
  read: () => Promise<FeedPage>,
  write: (page: FeedPage) => string,
): Promise<string> {
  if (env.FEED_ANSWERS_MB === 0) return write(await read());
  const answers = keptAnswers();
  const key = answerKey(userId, query);
  const kept = answers.get(key);
  const stamps = await findChangeStamps(userId, kept?.issueIds ?? []);
  if (kept && kept.reader === stamps.reader && kept.issues.every((issue, index) => issue === stamps.issues[index])) return kept.json;
  const page = await read();
  const json = write(page);
  answers.set(key, {
    reader: stamps.reader,
    issueIds: page.items.map((row) => row.issueId),
    issues: page.items.map((row) => row.issueChanges),
    json,
  });
  return json;
}
