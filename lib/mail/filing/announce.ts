import "server-only";
import { gathered } from "@/lib/gather";
import { keepThumbnails } from "@/lib/issues/thumbnail";
import { considerForPublic } from "@/lib/newsletters/public-review";
import { addNewsletterStats, type StatsDelta } from "@/lib/newsletters/totals-service";
import { logger } from "@/lib/observability/log";
import { queueSummaries } from "@/lib/summaries/service";
import { announceFiledEmails } from "@/lib/webhooks/delivery";

/** What a filing adds to a newsletter's totals, applied after its commit. */
export type FilingStats = { newsletterId: number; delta: StatsDelta };

/** What committed filings tell others: their newsletters' new totals, and the copies to announce (none for null). */
export type Announcement = { stats: FilingStats[]; emailIds: number[] | null };

/**
 * Announce, the last stage, after the commit: the newsletters' totals, one statement per newsletter
 * (every delivery of a newsletter updates its one row, and holding that row's lock until the filing
 * committed made concurrent deliveries wait in line), their review for the public catalog, and the
 * readers' `email.received` webhooks, the cards' pictures kept (lib/issues/thumbnail), and the summaries of
 * readers who turned them on (lib/summaries).
 */
export async function announceFiled({ stats, emailIds }: Announcement): Promise<void> {
  if (emailIds) announceFiledEmails(emailIds);
  if (emailIds) keepThumbnails(emailIds);
  // The summaries' jobs need no totals: queued while the totals are added.
  await Promise.all([stats.length > 0 ? addTotals(stats) : undefined, emailIds ? queueSummaries(emailIds) : undefined]);
}

/**
 * The newsletters' totals, then their review for the public catalog, which reads them. Concurrent
 * deliveries of one newsletter each updated its one row, in line behind the row's lock; gathered, the
 * filings that committed while one update ran share the next (bench:ingest, 8 deliveries at once).
 */
const addTotals = gathered<FilingStats>(async (stats) => {
  const merged = mergeStats(stats);
  for (const [newsletterId, delta] of merged) {
    await addNewsletterStats(newsletterId, delta).catch((error: unknown) => {
      logger.error({ err: error, newsletter_id: newsletterId }, "Newsletter totals missed a filing");
    });
  }
  await considerForPublic([...merged.keys()]);
});

function mergeStats(filed: FilingStats[]): Map<number, StatsDelta> {
  const merged = new Map<number, StatsDelta>();
  for (const { newsletterId, delta } of filed) {
    const sum = merged.get(newsletterId);
    merged.set(
      newsletterId,
      sum
        ? {
            issues: sum.issues + delta.issues,
            emails: sum.emails + delta.emails,
            recipients: sum.recipients + delta.recipients,
            firstPublished: delta.firstPublished < sum.firstPublished ? delta.firstPublished : sum.firstPublished,
            lastPublished: delta.lastPublished > sum.lastPublished ? delta.lastPublished : sum.lastPublished,
            // The later filing saw the earlier one's issue.
            sendingFrequency: delta.sendingFrequency ?? sum.sendingFrequency,
          }
        : delta,
    );
  }
  return merged;
}
