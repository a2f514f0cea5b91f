import "server-only";
import {
  claimAttempt,
  findEmailIds,
  insertDuplicateDeliveries,
  insertInboundMessage,
  type InboundSource,
  type KeptRaw,
  type StoredInbound,
} from "./repo";
import type { CheckedMessage } from "./check";
import { contentKey, objectStore } from "@/lib/storage/store";

/** The stored row, whether this delivery created it, and, for a delivery seen before, the readers' email ids to answer with. */
export type StoredMessage = { row: StoredInbound; created: boolean; seenBefore: number[] | null };

/**
 * Store, the second stage: the raw bytes once per message and readers, with one pending delivery each.
 * The same delivery again, once filed (or while another attempt files it), is logged `duplicate` and
 * answered with the emails already there; one stored but not filed is filed again.
 */
export async function storeMessage(raw: Buffer, source: InboundSource, checked: CheckedMessage): Promise<StoredMessage> {
  const { prepared, recipients, targets, header, envelopeTo } = checked;
  const { messageKey } = prepared.facts;
  const userIds = recipients.map((recipient) => recipient.userId);
  const kept = await keepRaw(raw);
  const { row, created } = await insertInboundMessage(
    { dedupKey: `${messageKey} ${userIds.join(",")}`, source, envelopeTo, kept },
    targets,
    header,
  );
  if (!created && (row.status === "filed" || !(await claimAttempt(row.id)))) {
    await insertDuplicateDeliveries(row.id, targets, header, messageKey);
    return { row, created, seenBefore: await findEmailIds(userIds, messageKey) };
  }
  return { row, created, seenBefore: null };
}

/**
 * Where the raw bytes are kept: with a bucket, as an object by their SHA-256 written (durably) before the
 * row that names it, so an acknowledged message has both; a bucket that does not answer throws
 * StoreUnavailableError (a 503, an SMTP 451). Without one, in the row itself, as before.
 */
export async function keepRaw(raw: Buffer): Promise<KeptRaw> {
  const store = await objectStore();
  if (store.kind === "database") return { raw, rawKey: null, size: raw.length };
  const key = contentKey("messages", raw);
  await store.put(key, raw, "message/rfc822");
  return { raw: null, rawKey: key, size: raw.length };
}
