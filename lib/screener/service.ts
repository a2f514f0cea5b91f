import "server-only";
import { HttpError, NotFoundError } from "@/lib/api/errors";
import { blockSender } from "@/lib/control/service";
import type { Database } from "@/db/client";
import {
  decideSender,
  findHeldMessages,
  findPendingSenders,
  findScreener,
  screenerTransaction,
  setHeldOutcome,
  upsertScreenerSetting,
} from "./repo";

export type ScreenerDto = { enabled: boolean; pending: number };
export type ScreenedSenderDto = { sender: string; held: number; subject: string | null; received_at: string };

export async function getScreener(userId: number): Promise<ScreenerDto> {
  return findScreener(userId);
}

/** Turning it off leaves senders already waiting in the list: the reader still decides about them. */
export async function setScreener(userId: number, enabled: boolean): Promise<ScreenerDto> {
  await upsertScreenerSetting(userId, enabled);
  return findScreener(userId);
}

export async function listScreenedSenders(userId: number): Promise<{ items: ScreenedSenderDto[] }> {
  const rows = await findPendingSenders(userId);
  return {
    items: rows.map((row) => ({ sender: row.sender, held: row.held, subject: row.subject, received_at: row.receivedAt.toISOString() })),
  };
}

/** A message the screener held, as stored. */
export type HeldMessage = Awaited<ReturnType<typeof findHeldMessages>>[number];

/**
 * Allow's decision: the sender is allowed, and its held messages, their deliveries pending again, go to
 * `file` (lib/mail/release.ts) in the same transaction: all of them or none.
 */
export function releaseSender<T>(userId: number, sender: string, file: (tx: Database, held: HeldMessage[]) => Promise<T>): Promise<T> {
  return screenerTransaction(async (tx) => {
    const held = await decideSender(tx, userId, sender, "allowed");
    if (held === null) throw new NotFoundError("Sender not found in the Screener");
    await setHeldOutcome(tx, userId, held, "pending");
    return file(tx, await findHeldMessages(tx, held));
  });
}

/** Deny: the sender joins the reader's blocked senders (lib/control); its held messages are logged `blocked`. */
export async function denySender(userId: number, sender: string): Promise<{ sender: string; status: "denied" }> {
  await screenerTransaction(async (tx) => {
    const held = await decideSender(tx, userId, sender, "denied");
    if (held === null) throw new NotFoundError("Sender not found in the Screener");
    await setHeldOutcome(tx, userId, held, "blocked");
  });
  await blockSender(userId, { sender }).catch((error: unknown) => {
    // Blocked already (409) is what deny wants.
    if (!(error instanceof HttpError && error.status === 409)) throw error;
  });
  return { sender, status: "denied" };
}
