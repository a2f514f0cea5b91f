import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { FetchRefusedError, guardedFetch } from "@/lib/fetch/guarded-fetch";
import { logger } from "@/lib/observability/log";
import { findFeed, updateFeed, type FeedRow } from "./repo";

// What we ask a hub for; hubs grant what they choose and say so in the verification.
const LEASE_SECONDS = 10 * 86_400;

/** The callback a hub verifies and pushes to: /api/inbound/websub/{feed id}, no session (the secret is the authority). */
function callbackUrl(feedId: number): string {
  return new URL(`/api/inbound/websub/${feedId}`, env.APP_URL).toString();
}

/** The topic the hub knows the feed by: the URL it names itself by (rel="self"), else the one we fetch. */
function topicOf(feed: Pick<FeedRow, "selfUrl" | "feedUrl">): string {
  return feed.selfUrl ?? feed.feedUrl;
}

/**
 * Asks the feed's hub (W3C WebSub) to push new entries to our callback, signed with a secret of this
 * feed's. Through the guarded fetch like every request to a host a feed named; a refusal only logs: polling goes on.
 */
export async function subscribeToHub(feed: HubFeed): Promise<boolean> {
  if (!feed.hubUrl) return false;
  const secret = feed.websubSecret ?? randomBytes(24).toString("base64url");
  if (!feed.websubSecret) await updateFeed(feed.id, { websubSecret: secret });
  return askHub(feed, {
    "hub.mode": "subscribe",
    "hub.topic": topicOf(feed),
    "hub.callback": callbackUrl(feed.id),
    "hub.secret": secret,
    "hub.lease_seconds": String(LEASE_SECONDS),
  });
}

/** Tells the hub to stop pushing: the feed's last follower has left. */
export async function unsubscribeFromHub(feed: HubFeed): Promise<boolean> {
  if (!feed.hubUrl || !feed.websubSecret) return false;
  return askHub(feed, { "hub.mode": "unsubscribe", "hub.topic": topicOf(feed), "hub.callback": callbackUrl(feed.id) });
}

type HubFeed = Pick<FeedRow, "id" | "hubUrl" | "selfUrl" | "feedUrl" | "websubSecret">;

async function askHub(feed: HubFeed, form: Record<string, string>): Promise<boolean> {
  if (!feed.hubUrl) return false;
  const body = new URLSearchParams(form).toString();
  try {
    const response = await guardedFetch(feed.hubUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      maxBytes: 64 * 1024,
    });
    if (response.status >= 200 && response.status < 300) return true;
    logger.warn({ feed_id: feed.id, status: response.status }, "A WebSub hub refused the request");
  } catch (error) {
    if (!(error instanceof FetchRefusedError)) throw error;
    logger.warn({ feed_id: feed.id, reason: error.reason }, "A WebSub hub could not be reached");
  }
  return false;
}

export type Verification = { mode: "subscribe" | "unsubscribe" | "denied"; topic: string; challenge?: string; leaseSeconds?: number };

/**
 * A hub's verification of intent: the challenge is echoed only for a feed we asked it about (one with a
 * secret) under its topic; anything else is not ours to confirm (null: 404).
 */
export async function verifyIntent(feedId: number, verification: Verification): Promise<string | null> {
  const feed = await findFeed(feedId);
  if (!feed?.websubSecret || verification.topic !== topicOf(feed)) return null;
  if (verification.mode === "denied") {
    await updateFeed(feed.id, { websubUntil: null });
    return "";
  }
  if (verification.challenge === undefined) return null;
  const seconds = verification.leaseSeconds ?? LEASE_SECONDS;
  await updateFeed(feed.id, { websubUntil: verification.mode === "subscribe" ? new Date(Date.now() + seconds * 1000) : null });
  return verification.challenge;
}

const ALGORITHMS = new Set(["sha1", "sha256", "sha384", "sha512"]);

/** Whether `signature` (X-Hub-Signature: `method=hex`) is the HMAC of `body` under `secret`. */
export function signatureVerifies(signature: string | null, body: Buffer, secret: string): boolean {
  if (!signature) return false;
  const at = signature.indexOf("=");
  const method = signature.slice(0, at).toLowerCase();
  if (at < 0 || !ALGORITHMS.has(method)) return false;
  const expected = createHmac(method, secret).update(body).digest();
  const given = Buffer.from(signature.slice(at + 1).trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
