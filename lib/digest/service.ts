import "server-only";
import { randomUUID } from "node:crypto";
import { NotFoundError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { logger } from "@/lib/observability/log";
import { sendMail } from "@/lib/outbound/service";
import { digestMail } from "./mail";
import {
  deleteDigestSend,
  findDigestEmails,
  findDigestReaders,
  findDigestRecipient,
  findDigestSetting,
  insertDigestSend,
  updateDigestOff,
  updateDigestSent,
  upsertDigestSetting,
  type DigestSettingRow,
} from "./repo";
import { duePeriod, type DigestSchedule } from "./schedule";
import type { DigestSettingsInput } from "./schemas";
import { tokenUserId, unsubscribeToken } from "./token";

/** What a reader has before saving anything: off. */
const DEFAULTS: DigestSchedule = { frequency: "off", hour: 7, weekday: 1, timezone: "UTC" };
// The first digest, with no last one to start from, lists the unread issues of the past week.
const FIRST_DIGEST_DAYS = 7;
// Past this many issues the mail lists the newest and points to the feed for the rest.
const MAX_LISTED = 50;

export type DigestSettingsDto = DigestSchedule & { updated_at: string | null };
export type DigestSendDto = { status: "queued" | "empty"; email_count: number };

function toDto(row: DigestSettingRow | undefined): DigestSettingsDto {
  if (!row) return { ...DEFAULTS, updated_at: null };
  return {
    frequency: row.frequency,
    hour: row.hour,
    weekday: row.weekday,
    timezone: row.timezone,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getDigestSettings(userId: number): Promise<DigestSettingsDto> {
  return toDto(await findDigestSetting(userId));
}

export async function saveDigestSettings(userId: number, input: DigestSettingsInput): Promise<DigestSettingsDto> {
  const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<DigestSchedule>;
  return toDto(await upsertDigestSetting(userId, values));
}

/** The one-click link of a reader's digests (RFC 8058): APP_URL's, with a token only AUTH_SECRET can make. */
export function unsubscribeUrl(userId: number): string {
  const url = new URL("/api/digest/unsubscribe", env.APP_URL);
  url.searchParams.set("token", unsubscribeToken(userId));
  return url.toString();
}

/**
 * Sends the reader's digest of `period` unless some caller (on any instance) already has: listing each
 * unread issue filed since the last digest, and nothing at all when none is new.
 */
async function sendDigest(userId: number, period: string, schedule: DigestSchedule): Promise<DigestSendDto | undefined> {
  const claim = await insertDigestSend(userId, period);
  if (claim === undefined) return undefined;
  const until = new Date();
  let found: Awaited<ReturnType<typeof findDigestEmails>>;
  let to: string;
  try {
    const recipient = await findDigestRecipient(userId);
    if (!recipient) {
      await updateDigestSent(userId, claim, { status: "empty", emailCount: 0 });
      return { status: "empty", email_count: 0 };
    }
    to = recipient.address;
    const since = recipient.coveredUntil ?? new Date(until.getTime() - FIRST_DIGEST_DAYS * 86_400_000);
    found = await findDigestEmails(userId, { since, until }, MAX_LISTED);
    if (found.total === 0) {
      await updateDigestSent(userId, claim, { status: "empty", emailCount: 0 });
      return { status: "empty", email_count: 0 };
    }
    await sendMail(digestMail({ to, items: found.items, total: found.total, schedule, unsubscribeUrl: unsubscribeUrl(userId) }));
  } catch (error) {
    // Nothing was queued: let the claim go, so the next tick (still in the hour) or the next click tries again.
    await deleteDigestSend(userId, claim).catch(() => undefined);
    throw error;
  }
  await updateDigestSent(userId, claim, { status: "sent", emailCount: found.total, coveredUntil: until });
  return { status: "queued", email_count: found.total };
}

/** "Send me one now": a digest at once, by the same rules, whatever the schedule. */
export async function sendDigestNow(userId: number): Promise<DigestSendDto> {
  const schedule = { ...(await getDigestSettings(userId)), frequency: "off" as const };
  return (await sendDigest(userId, `now:${randomUUID()}`, schedule)) ?? { status: "empty", email_count: 0 };
}

/**
 * One look for due digests, as every worker makes every DIGEST_TICK_SECONDS: each reader whose local
 * hour (and weekday) it is gets the period's digest once, whichever worker claims it first.
 */
export async function runDigestTick(now = new Date()): Promise<{ sent: number; empty: number }> {
  const tally = { sent: 0, empty: 0 };
  for (const reader of await findDigestReaders()) {
    const period = duePeriod(reader, now);
    if (!period) continue;
    try {
      const outcome = await sendDigest(reader.userId, period, reader);
      if (outcome?.status === "queued") tally.sent++;
      else if (outcome) tally.empty++;
    } catch (error) {
      // One reader's failure must not hold the others' digests; theirs is tried again next tick.
      logger.error({ err: error }, "A digest could not be queued");
    }
  }
  return tally;
}

function readerOf(token: string): number {
  const userId = tokenUserId(token);
  if (userId === null) throw new NotFoundError("This link is not valid. Open Settings to change your digest.");
  return userId;
}

/** Whether the one-click link's reader still gets digests (for its page), or not found when the link is not ours. */
export async function digestByToken(token: string): Promise<{ frequency: DigestSchedule["frequency"] }> {
  const setting = await findDigestSetting(readerOf(token));
  return { frequency: setting?.frequency ?? "off" };
}

/** The one-click POST (RFC 8058): the digest is off, without signing in. */
export async function turnOffDigestByToken(token: string): Promise<{ frequency: "off" }> {
  await updateDigestOff(readerOf(token));
  return { frequency: "off" };
}

/** Ticks every DIGEST_TICK_SECONDS in a worker until the returned stop is called; a tick still running skips the next. */
export function startDigestTicks(): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDigestTick()
      .then((tally) => logger.debug(tally, "Digest tick"))
      .catch((error: unknown) => logger.error({ err: error }, "Digest tick failed"))
      .finally(() => (running = false));
  }, env.DIGEST_TICK_SECONDS * 1000);
  return () => clearInterval(timer);
}
