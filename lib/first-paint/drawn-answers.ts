import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { currentUser, type SessionUser } from "@/lib/auth/session";
import { logger } from "@/lib/observability/log";

/**
 * docs/contract.md 8.1: a page opened with a valid session arrives with its content. The reader is read once
 * per request, however many layouts and pages ask. Nothing is drawn for a fetch made by the page's own
 * scripts (a client-side navigation, a refresh, a prefetch) nor by the service worker keeping a page for
 * offline use: all of them say `Sec-Fetch-Dest: empty`, so a kept page holds no reader's data and a
 * navigation costs no database reads the browser would make anyway.
 */
const drawnReader = cache(async (): Promise<SessionUser | null> => {
  const requestHeaders = await headers();
  if (requestHeaders.get("sec-fetch-dest") === "empty") return null;
  return currentUser(requestHeaders);
});

/** One answer the browser would otherwise ask the API for: its query key and what the route would answer. */
export type DrawnRead = {
  key: readonly unknown[];
  /** The route's answer: an object, or the JSON text the route sends as is. */
  read: (reader: SessionUser) => Promise<object | string> | object | string;
};

/** An answer as the browser's cache takes it: the route's JSON, and when it was read. */
export type DrawnAnswer = { key: readonly unknown[]; data: unknown; updatedAt: number };

/**
 * The answers of `reads` for this request's reader, in the form the API sends them (JSON, so dates are
 * strings as in the browser). A read that fails is left to the browser, which shows its own error state.
 */
export async function drawnAnswers(reads: DrawnRead[]): Promise<DrawnAnswer[]> {
  const reader = await drawnReader();
  if (!reader || reads.length === 0) return [];
  const answers = await Promise.all(
    reads.map(async ({ key, read }): Promise<DrawnAnswer | null> => {
      try {
        const result = await read(reader);
        const data: unknown = JSON.parse(typeof result === "string" ? result : JSON.stringify(result));
        return { key, data, updatedAt: Date.now() };
      } catch (error) {
        logger.debug({ err: error, key }, "A page's first answer was left to the browser");
        return null;
      }
    }),
  );
  return answers.filter((answer) => answer !== null);
}
