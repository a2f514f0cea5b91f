import "server-only";
import type { Database } from "@/db/client";
import { updateFilingTotals, updateMovedEmailTotals, updateReaderTotals } from "./totals-repo";

/**
 * The one writer of a newsletter's totals (its issues, emails, readers, likes and reading time): filing,
 * the sender re-check and readers' actions all change them here.
 */

/** What a filing adds to a newsletter's totals. */
export type StatsDelta = {
  issues: number;
  emails: number;
  recipients: number;
  firstPublished: Date;
  lastPublished: Date;
  sendingFrequency: string | null;
};

/**
 * Adds filings to the newsletter's totals. Being received never makes a newsletter public: an
 * operator's review does (lib/newsletters/public-review.ts).
 */
export function addNewsletterStats(newsletterId: number, delta: StatsDelta, db?: Database): Promise<void> {
  return updateFilingTotals(newsletterId, delta, db);
}

/** One email left the shared newsletter `fromId` for its reader's private `toId`, whose one issue and reader it now is. */
export function moveEmailTotals(tx: Database, fromId: number, toId: number): Promise<void> {
  return updateMovedEmailTotals(tx, fromId, toId);
}

/** A like given or taken back, or seconds of reading, on one of the newsletter's issues. */
export function addReaderTotals(newsletterId: number, changes: { likes?: number; readSeconds?: number }): Promise<void> {
  return updateReaderTotals(newsletterId, changes);
}
