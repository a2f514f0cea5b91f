import "server-only";
import { buildContent } from "@/lib/mail/content/mail-content";
import { parseMessage } from "@/lib/mail/content/parse";
import { announceFiled, type FilingStats } from "@/lib/mail/filing/announce";
import { arrivalFor } from "@/lib/mail/filing/arrival";
import { resolveRecipients } from "@/lib/mail/filing/check";
import { filePreparedInTransaction } from "@/lib/mail/filing/filing";
import { releaseSender } from "@/lib/screener/service";
import { bytesOf } from "@/lib/storage/store";

/**
 * Allow (the Screener's): the sender's held messages are filed now, with the reader's rules, as if they
 * had just arrived, and what follows from the sender is filed as usual. One transaction: all of them or
 * none; then the announce stage, as for any filing.
 */
export async function allowSender(userId: number, sender: string): Promise<{ sender: string; status: "allowed"; emails: number[] }> {
  const stats: FilingStats[] = [];
  const emails = await releaseSender(userId, sender, async (tx, held) => {
    stats.length = 0;
    const arrival = await arrivalFor(tx, [userId], { screen: false });
    const filedIds: number[] = [];
    for (const row of held) {
      const parsed = await parseMessage(await bytesOf(row.raw, row.rawKey), row.envelopeTo);
      const reader = (await resolveRecipients(parsed.recipients)).find((recipient) => recipient.userId === userId);
      if (!reader) continue;
      const content = await buildContent(parsed);
      const filing = { inboundId: row.id, parsed, content, recipients: [reader], arrivedAt: row.receivedAt, markedFiled: true, arrival };
      const filed = await filePreparedInTransaction(tx, filing, []);
      filedIds.push(...(filed.emailIds ?? []));
      if (filed.stats) stats.push(filed.stats);
    }
    return filedIds;
  });
  await announceFiled({ stats, emailIds: null });
  return { sender, status: "allowed", emails };
}
