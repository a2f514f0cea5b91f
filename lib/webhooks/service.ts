import "server-only";
import { randomBytes } from "node:crypto";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { sealSecret } from "@/lib/crypto/seal";
import { FetchRefusedError, isAllowedHost, resolveGuardedAddress } from "@/lib/fetch/guarded-fetch";
import { deleteWebhook, findDeliveries, findWebhooks, insertWebhook, type DeliveryRow, type WebhookRow } from "./repo";
import { MAX_WEBHOOKS, type CreateWebhookInput, type WebhookEvent } from "./schemas";

/** How many of a webhook's deliveries Settings shows. */
const RECENT_DELIVERIES = 20;
const LOOKUP_WAIT_MS = 3000;

export type WebhookDto = { id: number; url: string; events: WebhookEvent[]; created_at: string };
export type NewWebhookDto = WebhookDto & { secret: string };
export type WebhookDeliveryDto = {
  id: number;
  event_type: string;
  status: DeliveryRow["status"];
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
};

const toDto = (row: WebhookRow): WebhookDto => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  created_at: row.createdAt.toISOString(),
});

const toDeliveryDto = (row: DeliveryRow): WebhookDeliveryDto => ({
  id: row.id,
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  response_status: row.responseStatus,
  error: row.error,
  created_at: row.createdAt.toISOString(),
  last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
});

export async function listWebhooks(userId: number): Promise<{ items: WebhookDto[] }> {
  return { items: (await findWebhooks(userId)).map(toDto) };
}

/**
 * A new webhook: its signing secret (Standard Webhooks' `whsec_` and 24 random bytes in base64) is in
 * this answer only, and kept sealed. The send-time guard refuses private addresses whatever happens
 * here; refusing the ones already knowable spares the reader a webhook that can never work.
 */
export async function createWebhook(userId: number, input: CreateWebhookInput): Promise<NewWebhookDto> {
  await checkDestination(new URL(input.url));
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  const row = await insertWebhook(userId, { url: input.url, events: input.events, secretSealed: sealSecret(userId, secret) }, MAX_WEBHOOKS);
  if (!row) throw new ConflictError(`You have ${MAX_WEBHOOKS} webhooks already. Delete one you no longer use first.`);
  return { ...toDto(row), secret };
}

async function checkDestination(url: URL): Promise<void> {
  // Plain http only to a pair FETCH_ALLOW_HOSTS lets through (a receiver on this machine, in tests).
  if (url.protocol !== "https:" && !isAllowedHost(url)) throw ValidationError.of("url", "A webhook's URL must start with https://.");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  try {
    // A resolver that does not answer soon leaves the decision to the send-time guard.
    await Promise.race([resolveGuardedAddress(url.hostname, port), new Promise((resolve) => setTimeout(resolve, LOOKUP_WAIT_MS).unref())]);
  } catch (error) {
    // A name that does not resolve now may later; only an address known to be private is refused here.
    if (error instanceof FetchRefusedError && error.reason === "the address is not public")
      throw ValidationError.of("url", "This URL leads to a private address. Paperboy sends webhooks to public addresses only.");
  }
}

export async function removeWebhook(userId: number, id: number): Promise<void> {
  if (!(await deleteWebhook(userId, id))) throw new NotFoundError("Webhook not found");
}

export async function listWebhookDeliveries(userId: number, id: number): Promise<{ items: WebhookDeliveryDto[] }> {
  const rows = await findDeliveries(userId, id, RECENT_DELIVERIES);
  if (!rows) throw new NotFoundError("Webhook not found");
  return { items: rows.map(toDeliveryDto) };
}
