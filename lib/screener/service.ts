import "server-only";
import { HttpError, NotFoundError } from "@/lib/api/errors";
import { blockSender } from "@/lib/control/service";
import { addFilingStats, filePreparedInTransaction, type FilingStats } from "@/lib/mail/filing/filing";
import { parseMessage } from "@/lib/mail/content/parse";
import { buildContent } from "@/lib/mail/content/build";
import { resolveRecipients } from "@/lib/mail/service";
import { arrivalFor } from "@/lib/rules/arrival";
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

/**
 * Allow: the sender's held messages are filed now, with the reader's rules, as if they had just
 * arrived, and what follows from the sender is filed as usual. One transaction: all of them or none.
 */
export async function allowSender(userId: number, sender: string): Promise<{ sender: string; status: "allowed"; emails: number[] }> {
  const stats: FilingStats[] = [];
  const emails = await screenerTransaction(async (tx) => {
    stats.length = 0;
    const held = await decideSender(tx, userId, sender, "allowed");
    if (held === null) throw new NotFoundError("Sender not found in the Screener");
    await setHeldOutcome(tx, userId, held, "pending");
    const arrival = await arrivalFor(tx, [userId], { screen: false });
    const filedIds: number[] = [];
    for (const row of await findHeldMessages(tx, held)) {
      const inboundId = row.id;
      const parsed = await parseMessage(row.raw, row.envelopeTo);
      const reader = (await resolveRecipients(parsed.recipients)).find((recipient) => recipient.userId === userId);
      if (!reader) continue;
      const content = await buildContent(parsed);
      const filing = { inboundId, parsed, content, recipients: [reader], arrivedAt: row.receivedAt, markedFiled: true, arrival };
      const filed = await filePreparedInTransaction(tx, filing, []);
      filedIds.push(...(filed.emailIds ?? []));
      if (filed.stats) stats.push(filed.stats);
    }
    return filedIds;
  });
  await addFilingStats(stats);
  return { sender, status: "allowed", emails };
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
