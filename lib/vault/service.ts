import "server-only";
import { PassThrough, Readable } from "node:stream";
import { ZipFile } from "yazl";
import { appOrigin } from "@/lib/env";
import { listFolders } from "@/lib/folders/service";
import { highlightsByEmail } from "@/lib/highlights/service";
import type { EmailDto } from "@/lib/issues/dto";
import { listOwnEmailsWithBodies } from "@/lib/issues/service";
import { logger } from "@/lib/observability/log";
import { htmlConverter, markdownText, noteFileName, vaultNote } from "./markdown";

// Issues are read and converted this many at a time, the next page only once the zip reaches the last of these.
const PAGE = 25;

type Bodies = { body_html?: string | null; body_plain?: string | null };
type Context = {
  folders: Map<number, string[]>;
  highlights: Awaited<ReturnType<typeof highlightsByEmail>>;
  toMarkdown: (html: string) => string;
};

const tagOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}/_-]+/gu, "-")
    .replace(/^-+|-+$/g, "");

function noteOf(email: EmailDto, context: Context): { name: string; text: string } {
  const { body_html: html, body_plain: plain } = email as EmailDto & Bodies;
  const title = email.subject?.trim() || "No Subject";
  const folders = context.folders.get(email.id) ?? [];
  const tags = [...new Set(["newsletter", ...folders.map(tagOf), ...(email.is_favorited ? ["favorite"] : [])].filter(Boolean))];
  const text = vaultNote({
    title,
    newsletter: email.newsletter_metadata.newsletter_name,
    author: email.sender_name?.trim() || email.sender_email || email.newsletter_metadata.newsletter_name,
    date: email.date_received,
    url: `${appOrigin}/emails/${email.id}`,
    folders,
    tags,
    body: html ? context.toMarkdown(html) : markdownText(plain ?? ""),
    highlights: (context.highlights.get(email.id) ?? []).map((highlight) => ({ quote: highlight.quote, note: highlight.note })),
  });
  return { name: noteFileName(email.date_received, title, email.id), text };
}

/**
 * Adds one note per issue a page at a time. Each entry's text is made only when the zip reaches it, and
 * reaching the last of a page reads the next, so a library of any size holds at most a page in memory.
 */
function addNotes(zip: ZipFile, userId: number, context: Context, fail: (error: unknown) => void): void {
  const addPage = async (after: number) => {
    const emails = await listOwnEmailsWithBodies(userId, after, PAGE);
    if (emails.length === 0) return zip.end();
    const lastId = emails[emails.length - 1]!.id;
    for (const email of emails.splice(0)) {
      const note = noteOf(email, context);
      // The zip keeps its entries to the end (for the central directory): each closure lets go of its text once handed over.
      let text: string | null = note.text;
      zip.addReadStreamLazy(note.name, { mtime: new Date(email.date_received) }, (callback) => {
        const data = Buffer.from(text ?? "");
        text = null;
        if (email.id === lastId) addPage(lastId).catch(fail);
        callback(null, Readable.from([data]));
      });
    }
  };
  addPage(0).catch(fail);
}

/** docs/contract.md 8.3: a zip of one Markdown note per issue, as Obsidian and Logseq read a folder, streamed as it is made. */
export async function exportMarkdownVault(userId: number): Promise<ReadableStream<Uint8Array>> {
  const folders = new Map<number, string[]>();
  for (const folder of (await listFolders(userId)).items)
    for (const emailId of folder.emails) folders.set(emailId, [...(folders.get(emailId) ?? []), folder.name]);
  const context: Context = { folders, highlights: await highlightsByEmail(userId), toMarkdown: htmlConverter(appOrigin) };
  const zip = new ZipFile();
  // yazl's types call its output a NodeJS.ReadableStream; it is a PassThrough, which can be destroyed on failure.
  const output = zip.outputStream as PassThrough;
  const fail = (error: unknown) => {
    logger.error({ user_id: userId, err: error }, "Markdown export failed");
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", fail);
  addNotes(zip, userId, context, fail);
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
