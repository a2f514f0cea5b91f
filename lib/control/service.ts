import "server-only";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { pagedList } from "@/lib/issues/dto";
import {
  deleteBlockedSender,
  findBlockedKeys,
  findBlockedSenders,
  findBlockingUsers,
  findDeliveryPage,
  insertBlockedSender,
  type BlockedSenderRow,
} from "./repo";
import type { BlockSenderInput, DeliveriesQuery } from "./schemas";
import { normalizeBlockedSender } from "./sender";

const toBlockedSenderDto = (row: BlockedSenderRow) => ({ id: row.id, sender: row.sender, created_at: row.createdAt.toISOString() });
export type BlockedSenderDto = ReturnType<typeof toBlockedSenderDto>;

/** For filing: the readers among `userIds` who block any of a sender's keys (its address, its domains). */
export function readersBlocking(userIds: number[], senderKeys: string[]): Promise<number[]> {
  return findBlockingUsers(userIds, senderKeys);
}

/** For filing one reader's batch: which of these sender keys the reader blocks. */
export function keysBlockedBy(userId: number, senderKeys: string[]): Promise<Set<string>> {
  return findBlockedKeys(userId, senderKeys);
}

export async function listBlockedSenders(userId: number) {
  return { items: (await findBlockedSenders(userId)).map(toBlockedSenderDto) };
}

export async function blockSender(userId: number, input: BlockSenderInput) {
  const sender = normalizeBlockedSender(input.sender);
  if (!sender) throw ValidationError.of("sender", "Enter an e-mail address (news@example.com) or a domain starting with @ (@example.com).");
  const row = await insertBlockedSender(userId, sender);
  if (!row) throw new ConflictError("This sender is already blocked.");
  return toBlockedSenderDto(row);
}

export async function unblockSender(userId: number, id: number): Promise<void> {
  if (!(await deleteBlockedSender(userId, id))) throw new NotFoundError("Blocked sender not found");
}

/** docs/contract.md 6.2's delivery log: every message that reached the reader, newest first. */
export async function listDeliveries(userId: number, query: DeliveriesQuery) {
  const { rows, total } = await findDeliveryPage(userId, { page: query.page, pageSize: query.page_size, outcome: query.outcome });
  const items = rows.map((row) => ({
    id: row.id,
    received_at: row.receivedAt.toISOString(),
    from: row.sender,
    subject: row.subject,
    recipient: row.recipient,
    outcome: row.outcome,
    email_id: row.emailId,
    // The reader's rules that ran on the message as it was filed (docs/contract.md 7.4), in order.
    rules: row.rules ?? [],
  }));
  return pagedList(items, total, query.page, query.page_size);
}

export type DeliveryDto = Awaited<ReturnType<typeof listDeliveries>>["items"][number];
