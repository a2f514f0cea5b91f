import "server-only";
import { simpleParser } from "mailparser";

export type ExtractedAttachment = { filename: string; contentType: string; content: Buffer };

// Bounds of what one message keeps: a newsletter's PDF edition fits, a mailbox of files does not.
const MAX_ATTACHMENTS = 20;
const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;
// Only the parts are wanted here: none of mailparser's conversions of the bodies.
const PARSER_OPTIONS = { keepCidLinks: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true };

/**
 * The files a message carries for its reader: parts sent as attachments, and parts with a file name that
 * the HTML does not show inline. Images the HTML shows (cid:) and forwarded messages are not files of it.
 */
export async function extractAttachments(raw: Buffer): Promise<ExtractedAttachment[]> {
  const mail = await simpleParser(raw, PARSER_OPTIONS);
  const html = typeof mail.html === "string" ? mail.html : "";
  return (mail.attachments ?? [])
    .filter((part) => !/^message\/(rfc822|news|global)$/i.test(part.contentType))
    .filter((part) => part.content.length > 0 && part.content.length <= MAX_ATTACHMENT_BYTES)
    .filter((part) => {
      const cid = part.contentId?.replace(/^<|>$/g, "");
      const shownInline = Boolean(cid && html.includes(`cid:${cid}`));
      return !shownInline && (part.contentDisposition === "attachment" || Boolean(part.filename));
    })
    .slice(0, MAX_ATTACHMENTS)
    .map((part, index) => ({
      filename: safeFilename(part.filename, index),
      contentType: part.contentType.toLowerCase(),
      content: part.content,
    }));
}

/** A name to save the file under: no path, no control characters, at most 200 characters. */
function safeFilename(name: string | undefined, index: number): string {
  const base = (name ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .split(/[/\\]/)
    .pop()!
    .trim()
    .slice(0, 200);
  return base && base !== "." && base !== ".." ? base : `attachment-${index + 1}`;
}
