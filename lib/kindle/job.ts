import "server-only";
import { z } from "zod";
import { NotFoundError } from "@/lib/api/errors";
import { epubBuffer, issueEpub } from "@/lib/epub/service";
import { JobCannotProceedError } from "@/lib/jobs/queue";
import { deliverMail } from "@/lib/outbound/deliver";
import { countKindleAttempt, findKindleAddress, findKindleSend, updateKindleSend } from "./repo";
import { KINDLE_RETRIES, testBook } from "./service";

/**
 * Images stop being added to a book for a Kindle past 15 MB: with the text, and base64's third more in
 * the message, it stays under 25 MB, what common relays take (Amazon's own limit is 50 MB).
 */
const KINDLE_IMAGE_BUDGET = 15 * 1024 * 1024;

const KindleJob = z.object({ userId: z.number().int(), sendId: z.number().int() });

/** The `send-to-kindle` job: makes the book when it runs (the issue as it is then) and mails it; throws to be retried. */
export async function sendToKindleJob(data: unknown): Promise<void> {
  const parsed = KindleJob.safeParse(data);
  if (!parsed.success) return;
  const { userId, sendId } = parsed.data;
  const send = await findKindleSend(userId, sendId);
  if (!send || send.status !== "queued") return;
  const attempts = await countKindleAttempt(userId, sendId);
  const lastAttempt = attempts > KINDLE_RETRIES.retryLimit;
  const address = await findKindleAddress(userId);
  if (!address) {
    await updateKindleSend(userId, sendId, { status: "failed", detail: "The Kindle address was removed before the book was sent." });
    throw new JobCannotProceedError("No Kindle address");
  }
  try {
    const book = send.emailId === null ? testBook() : await issueEpub(userId, send.emailId);
    const content = await epubBuffer(book, KINDLE_IMAGE_BUDGET);
    // The address is the reader's own: the outbox line names only the file (docs/contract.md 6.1).
    await deliverMail({ to: address, subject: book.meta.title, text: `"${book.meta.title}", sent from Paperboy.`, private: true }, [
      { filename: book.fileName, content, contentType: "application/epub+zip" },
    ]);
    await updateKindleSend(userId, sendId, { status: "sent", detail: null, bytes: content.length, sentAt: new Date() });
  } catch (error) {
    if (error instanceof NotFoundError) {
      await updateKindleSend(userId, sendId, { status: "failed", detail: "The issue is no longer there." });
      throw new JobCannotProceedError("The issue is gone");
    }
    const detail = lastAttempt ? "The book could not be sent." : "The book could not be sent yet; trying again.";
    await updateKindleSend(userId, sendId, { status: lastAttempt ? "failed" : "queued", detail });
    // A relay's answer may quote the address: the job keeps only the kind of failure.
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    throw new Error(`Send to Kindle failed (${[code, responseCode].filter(Boolean).join(" ") || "no answer"})`);
  }
}
