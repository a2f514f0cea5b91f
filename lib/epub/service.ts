import "server-only";
import { Readable } from "node:stream";
import { NotFoundError } from "@/lib/api/errors";
import { getFolder } from "@/lib/folders/service";
import { loadImage } from "@/lib/images/proxy";
import { verifiedImageUrl } from "@/lib/images/sign";
import { sniffImageType } from "@/lib/images/sniff";
import { getEmail } from "@/lib/issues/service";
import type { EmailDto } from "@/lib/issues/dto";
import { textToHtml } from "@/lib/mail/content/html-text";
import { logger } from "@/lib/observability/log";
import { bookBuffer, bookStream, type BookMeta, type Chapter, type ImageSource, type LoadedImage } from "./book";

/** A download holds at most this many bytes of images (each image is at most the proxy's 10 MB). */
const DOWNLOAD_IMAGE_BUDGET = 100 * 1024 * 1024;
/** A folder's book holds its newest issues up to this many. */
const FOLDER_BOOK_ISSUES = 200;

export type Epub = { fileName: string; meta: BookMeta; chapters: Chapter[] };
const PROXY_PATH = /^\/img\/([A-Za-z0-9_-]{43})\/([A-Za-z0-9_-]+)$/;

/** An image of a body as the app serves it: through the proxy (its signature checked, its guard and cache), or inline data. */
async function loadBodyImage(src: string): Promise<LoadedImage> {
  try {
    if (src.startsWith("data:")) {
      const comma = src.indexOf(",");
      if (comma === -1 || !src.slice(0, comma).endsWith(";base64")) return null;
      const body = Buffer.from(src.slice(comma + 1), "base64");
      const type = sniffImageType(body);
      return type ? { type, body } : null;
    }
    const proxied = PROXY_PATH.exec(src);
    const url = proxied ? verifiedImageUrl(proxied[1]!, proxied[2]!) : /^https:\/\//i.test(src) ? src : null;
    return url ? await loadImage(url) : null;
  } catch {
    // Unreachable, refused or not an image: the book goes without it, as the page shows a broken image.
    return null;
  }
}

function imageSource(budgetBytes: number): ImageSource {
  return { load: loadBodyImage, budgetBytes };
}

const subjectOf = (email: Pick<EmailDto, "subject">) => email.subject?.trim() || "No Subject";
const senderOf = (email: EmailDto) =>
  email.sender_name?.trim() || email.newsletter_metadata.newsletter_name || email.sender_email || "Unknown sender";

type Bodies = { body_html?: string | null; body_plain?: string | null };

function chapterOf(email: EmailDto): Chapter {
  // getEmail answers with the bodies; the Email's type also covers the lists, which have none.
  const { body_html: html, body_plain: plain } = email as EmailDto & Bodies;
  return { title: subjectOf(email), html: html ?? (plain ? textToHtml(plain) : "") };
}

/** A file name of the title's words, safe on every system. */
function bookFileName(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${words || "issue"}.epub`;
}

/** Content-Disposition of a download: an ASCII name for every client, the exact one (RFC 6266's filename*) for those that read it. */
export function attachment(fileName: string): string {
  const ascii = fileName.normalize("NFKD").replace(/[^\x20-\x7e]|["\\]/g, "");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The book of one issue the reader may open (404 as the issue's page is). */
export async function issueEpub(userId: number, emailId: number): Promise<Epub> {
  const email = await getEmail(userId, emailId);
  const title = subjectOf(email);
  return {
    fileName: bookFileName(title),
    meta: {
      title,
      creators: [senderOf(email)],
      date: new Date(email.date_received),
      identity: `email ${email.id}`,
      coverUrl: email.newsletter_metadata.logoUrl,
    },
    chapters: [chapterOf(email)],
  };
}

/** One book of a folder's issues, oldest filed first, as the folder lists them. */
export async function folderEpub(userId: number, folderId: number): Promise<Epub> {
  const folder = await getFolder(userId, folderId);
  const emails: EmailDto[] = [];
  for (const id of folder.emails.slice(-FOLDER_BOOK_ISSUES)) {
    const email = await getEmail(userId, id).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (email) emails.push(email);
  }
  const creators = [...new Set(emails.map(senderOf))];
  const newest = emails.reduce((latest, email) => Math.max(latest, Date.parse(email.date_received)), 0);
  const logos = new Set(emails.map((email) => email.newsletter_metadata.logoUrl));
  return {
    fileName: bookFileName(folder.name),
    meta: {
      title: folder.name,
      creators: creators.length > 0 ? creators : ["Paperboy"],
      date: newest ? new Date(newest) : new Date(),
      identity: `folder ${folder.id}`,
      // A folder of one newsletter wears its logo; a mix has none.
      coverUrl: logos.size === 1 ? [...logos][0] : null,
    },
    chapters: emails.map(chapterOf),
  };
}

/** The book as an HTTP answer's body, written as its images arrive. */
export function epubStream(book: Epub, userId: number): ReadableStream<Uint8Array> {
  const stream = bookStream(book.meta, book.chapters, imageSource(DOWNLOAD_IMAGE_BUDGET), (error) =>
    logger.error({ user_id: userId, err: error }, "EPUB failed"),
  );
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

export function epubBuffer(book: Epub, imageBudgetBytes: number): Promise<Buffer> {
  return bookBuffer(book.meta, book.chapters, imageSource(imageBudgetBytes));
}
