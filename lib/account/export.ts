import "server-only";
import { PassThrough, Readable } from "node:stream";
import { ZipFile } from "yazl";
import { exportAttachments } from "@/lib/attachments/service";
import { mailAddress } from "@/lib/auth/addresses";
import { env } from "@/lib/env";
import { feedsOpml } from "@/lib/feeds/service";
import { exportHighlightsJson } from "@/lib/highlights/service";
import {
  findExportActions,
  findExportComments,
  findExportEmails,
  findExportFolderEmailIds,
  findExportFolders,
  findExportMessages,
  findExportReads,
  findExportSubscriptions,
  findExportUser,
} from "./export-repo";
import { logger } from "@/lib/observability/log";
import { objectStore } from "@/lib/storage/store";

// Original messages are read this many at a time, the next page only once the zip reaches the last of these.
const MESSAGE_PAGE = 20;

/** Every row of a keyset-paged query, one page in memory at a time. */
async function* paged<T, K>(fetch: (after: K) => Promise<T[]>, first: K, keyOf: (row: T) => K): AsyncGenerator<T> {
  let after = first;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length === 0) return;
    yield* rows;
    after = keyOf(rows[rows.length - 1]);
  }
}

async function* jsonArray<T>(rows: AsyncIterable<T>, shape: (row: T) => unknown): AsyncGenerator<string> {
  yield "[";
  let first = true;
  for await (const row of rows) {
    yield `${first ? "" : ","}\n${JSON.stringify(shape(row))}`;
    first = false;
  }
  yield "]";
}

const byId = <T extends { id: number }>(row: T) => row.id;
const byAction = <T extends { issueId: number; emailId: number | null }>(row: T) => ({ issueId: row.issueId, emailId: row.emailId ?? 0 });
const noAction = { issueId: 0, emailId: 0 };

async function* folderEntries(userId: number): AsyncGenerator<string> {
  yield "[";
  let first = true;
  for await (const folder of paged((after: number) => findExportFolders(userId, after), 0, byId)) {
    yield `${first ? "" : ","}\n{"id":${folder.id},"name":${JSON.stringify(folder.name)},"created_at":${JSON.stringify(folder.createdAt)},"email_ids":`;
    yield* jsonArray(
      paged(
        (after: number) => findExportFolderEmailIds(userId, folder.id, after),
        0,
        (id) => id,
      ),
      (id) => id,
    );
    yield "}";
    first = false;
  }
  yield "]";
}

/** account.json, written as it is read: the user, then each list page by page. */
async function* accountJson(userId: number): AsyncGenerator<string> {
  const user = await findExportUser(userId);
  if (!user) throw new Error("The user is gone");
  const account = {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    unique_email: mailAddress(user.uniqueLocal, env.MAIL_DOMAIN),
    addresses: user.addresses.map((local) => mailAddress(local, env.MAIL_DOMAIN)),
    created_at: user.createdAt,
  };
  yield `{"exported_at":${JSON.stringify(new Date())},"user":${JSON.stringify(account)},\n"subscriptions":`;
  yield* jsonArray(
    paged((after: number) => findExportSubscriptions(userId, after), 0, byId),
    (row) => ({
      newsletter_id: row.newsletterId,
      name: row.name,
      website_url: row.websiteUrl,
      status: row.status,
      subscribed_at: row.subscribedAt,
      unsubscribed_at: row.unsubscribedAt,
    }),
  );
  yield `,\n"folders":`;
  yield* folderEntries(userId);
  yield `,\n"emails":`;
  yield* jsonArray(
    paged((after: number) => findExportEmails(userId, after), 0, byId),
    (row) => ({
      id: row.id,
      newsletter_id: row.newsletterId,
      issue_id: row.issueId,
      kind: row.kind,
      subject: row.subject,
      sender_name: row.senderName,
      sender_email: row.senderEmail,
      date_received: row.dateReceived,
      original: row.hasOriginal ? `mail/${row.id}.eml` : null,
    }),
  );
  yield `,\n"comments":`;
  yield* jsonArray(
    paged((after: number) => findExportComments(userId, after), 0, byId),
    (row) => ({
      id: row.id,
      issue_id: row.issueId,
      email_id: row.emailId,
      content: row.content,
      created_at: row.createdAt,
    }),
  );
  const action = (row: { issueId: number; emailId: number | null; createdAt: Date }) => ({
    email_id: row.emailId,
    issue_id: row.issueId,
    created_at: row.createdAt,
  });
  yield `,\n"likes":`;
  yield* jsonArray(
    paged((after) => findExportActions("like", userId, after), noAction, byAction),
    action,
  );
  yield `,\n"favourites":`;
  yield* jsonArray(
    paged((after) => findExportActions("favorite", userId, after), noAction, byAction),
    action,
  );
  yield `,\n"read_state":`;
  yield* jsonArray(
    paged((after) => findExportReads(userId, after), noAction, byAction),
    (row) => ({
      email_id: row.emailId,
      issue_id: row.issueId,
      first_read_at: row.firstReadAt,
      last_read_at: row.lastReadAt,
      duration_seconds: row.durationSeconds,
    }),
  );
  yield "}\n";
}

/** feeds.opml: what GET /api/users/me/feeds.opml answers, the reader's newsletter feeds for a feed reader's import. */
async function* feedsFile(userId: number): AsyncGenerator<string> {
  yield await feedsOpml(userId);
}

/** highlights.json: every highlight with its issue's subject and newsletter (docs/contract.md 7.3). */
async function* highlightsFile(userId: number): AsyncGenerator<string> {
  yield await exportHighlightsJson(userId);
}

/**
 * Adds mail/<email id>.eml entries (and each one's attachments/<email id>/ files) a page at a time. Each entry's bytes are handed over only when the
 * zip reaches it, and reaching the last of a page fetches the next, so at most two pages are held.
 */
function addMessages(zip: ZipFile, userId: number, fail: (error: unknown) => void): void {
  const addPage = async (after: number) => {
    const rows = await findExportMessages(userId, after, MESSAGE_PAGE);
    if (rows.length === 0) return zip.end();
    const lastId = rows[rows.length - 1].emailId;
    const files = await exportAttachments(
      userId,
      rows.map((row) => row.emailId),
    );
    // Each closure keeps only its own bytes, and lets go of them once handed over: the zip keeps its
    // entries (for the central directory) to the end, so nothing else of a page may hang on them.
    for (const { emailId, dateReceived, raw: bytes, rawKey, size } of rows.splice(0)) {
      let raw: Buffer | null = bytes;
      zip.addReadStreamLazy(`mail/${emailId}.eml`, { mtime: dateReceived, size }, (callback) => {
        const data = raw;
        raw = null;
        if (emailId === lastId) addPage(lastId).catch(fail);
        // Kept in the bucket: read from there as the zip reaches it.
        if (!data && rawKey) return void messageStream(rawKey).then((stream) => callback(null, stream), fail);
        callback(null, Readable.from([data ?? Buffer.alloc(0)]));
      });
      // Its attachments beside it, each read from the database only when the zip reaches it.
      for (const file of files.filter((entry) => entry.emailId === emailId)) {
        zip.addReadStreamLazy(file.name, { mtime: dateReceived, size: file.size }, (callback) => {
          file.read().then((bytes) => callback(null, Readable.from([bytes])), fail);
        });
      }
    }
  };
  addPage(0).catch(fail);
}

async function messageStream(key: string): Promise<Readable> {
  const stream = await (await objectStore()).stream(key);
  if (!stream) throw new Error(`The object ${key} is missing from the store`);
  return stream;
}

// yazl's types call its output a NodeJS.ReadableStream; it is a PassThrough, which can be destroyed on failure.
function outputOf(zip: ZipFile): PassThrough {
  return zip.outputStream as PassThrough;
}

/** docs/contract.md 6.3: the reader's data as a zip, streamed as it is built. */
export function exportAccount(userId: number): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const output = outputOf(zip);
  const fail = (error: unknown) => {
    logger.error({ user_id: userId, err: error }, "Export failed");
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", fail);
  const now = new Date();
  zip.addReadStream(Readable.from(accountJson(userId)).on("error", fail), "account.json", { mtime: now });
  zip.addReadStream(Readable.from(feedsFile(userId)).on("error", fail), "feeds.opml", { mtime: now });
  zip.addReadStream(Readable.from(highlightsFile(userId)).on("error", fail), "highlights.json", { mtime: now });
  addMessages(zip, userId, fail);
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
