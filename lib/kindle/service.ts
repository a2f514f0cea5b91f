import "server-only";
import { ConflictError } from "@/lib/api/errors";
import { issueEpub, type Epub } from "@/lib/epub/service";
import { enqueueJob } from "@/lib/jobs/queue";
import { senderAddress } from "@/lib/outbound/deliver";
import { deleteKindleAddress, findKindleAddress, findKindleSends, insertKindleSend, upsertKindleAddress, type KindleSendRow } from "./repo";
import type { KindleInput } from "./schemas";

export const KINDLE_JOB = "send-to-kindle";
// Five attempts over about 15 minutes (30 s doubling): past that the send shows as failed in Settings.
export const KINDLE_RETRIES = { retryLimit: 4, retryDelaySeconds: 30 };
/** Settings lists this many of the latest sends. */
const LISTED_SENDS = 10;

const TEST_BOOK_TITLE = "Paperboy test";

export type KindleDto = { address: string | null; sender: string };

function toSendDto(row: KindleSendRow) {
  return {
    id: row.id,
    email_id: row.emailId,
    title: row.title,
    status: row.status,
    detail: row.detail,
    bytes: row.bytes,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
export type KindleSendDto = ReturnType<typeof toSendDto>;

export async function getKindle(userId: number): Promise<KindleDto> {
  return { address: await findKindleAddress(userId), sender: senderAddress() };
}

export async function setKindle(userId: number, input: KindleInput): Promise<KindleDto> {
  if (input.address === null) await deleteKindleAddress(userId);
  else await upsertKindleAddress(userId, input.address);
  return getKindle(userId);
}

export async function listKindleSends(userId: number): Promise<{ items: KindleSendDto[] }> {
  return { items: (await findKindleSends(userId, LISTED_SENDS)).map(toSendDto) };
}

async function queueSend(userId: number, emailId: number | null, title: string): Promise<KindleSendDto> {
  if (!(await findKindleAddress(userId))) throw new ConflictError("Add your Kindle address in Settings first.");
  const send = await insertKindleSend(userId, emailId, title);
  await enqueueJob(KINDLE_JOB, { userId, sendId: send.id }, KINDLE_RETRIES);
  return toSendDto(send);
}

/** Queues the issue's EPUB for the reader's Kindle (docs/contract.md 8.3): 404 as the issue's page, 409 without an address. */
export async function sendIssueToKindle(userId: number, emailId: number): Promise<KindleSendDto> {
  const book = await issueEpub(userId, emailId);
  return queueSend(userId, emailId, book.meta.title);
}

/** A small book of our own, to see that Amazon accepts Paperboy's mail before sending an issue. */
export async function sendKindleTest(userId: number): Promise<KindleSendDto> {
  return queueSend(userId, null, TEST_BOOK_TITLE);
}

export function testBook(): Epub {
  return {
    fileName: "Paperboy-test.epub",
    meta: { title: TEST_BOOK_TITLE, creators: ["Paperboy"], date: new Date(), identity: "kindle test" },
    chapters: [
      {
        title: TEST_BOOK_TITLE,
        html: "<p>If this is on your Kindle, Send to Kindle works: issues you send from Paperboy arrive here.</p>",
      },
    ],
  };
}
