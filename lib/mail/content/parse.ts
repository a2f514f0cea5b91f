import "server-only";
import { createHash } from "node:crypto";
import { simpleParser, type AddressObject, type HeaderLines } from "mailparser";
import { repairMojibake } from "./charset";

export type Mailbox = { name: string; address: string };
export type UnsubscribeHeaders = { list: string; post: string | null };
type InlineImage = { cid: string; contentType: string; content: Buffer };

/** What filing needs from one RFC 5322 message, decoded to UTF-8. */
export type ParsedMessage = {
  /** Message-ID without angle brackets, or null. */
  messageId: string | null;
  /** Message-ID, or a hash of the bytes when there is none: the same message is never filed twice. */
  messageKey: string;
  /** Lower-cased addresses: envelope first, then To, Cc, Delivered-To, X-Original-To. */
  recipients: string[];
  from: Mailbox | null;
  subject: string;
  /** The Date header when it parses; CONTRACT's arrival-time rule is applied by `receivedDate`. */
  date: Date | null;
  listId: string | null;
  listName: string | null;
  /** A list its members post to (List-Post is a mailto:): a discussion list, named by its List-Id, not by whoever posted. */
  discussionList: boolean;
  listUnsubscribe: string[];
  /** The List-Unsubscribe and List-Unsubscribe-Post values as sent (capped), kept for the reader's own unsubscribe. */
  unsubscribeHeaders: UnsubscribeHeaders | null;
  html: string | null;
  text: string | null;
  inlineImages: InlineImage[];
  /** Bodies of message/rfc822 (or message/news) parts: forwards as attachment. */
  attachedMessages: Buffer[];
  /** Whether the bytes had any header at all; random bytes do not. */
  hasHeaders: boolean;
};

const ADDRESS = /[a-z0-9._%+'=-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
const KNOWN_HEADERS =
  /^(from|to|cc|subject|date|message-id|received|return-path|mime-version|content-type|delivered-to|sender|reply-to|list-id|x-[\w-]+)$/;

/** Filing derives its own text from the sanitized HTML: mailparser's conversions would be thrown away. */
export const PARSER_OPTIONS = {
  keepCidLinks: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
} satisfies Parameters<typeof simpleParser>[1];

export async function parseMessage(raw: Buffer, envelopeTo: string[] = []): Promise<ParsedMessage> {
  const mail = await simpleParser(raw, PARSER_OPTIONS);
  const lines = mail.headerLines ?? [];
  const messageId = cleanMessageId(mail.messageId);
  const html = typeof mail.html === "string" && mail.html.trim() !== "" ? repairMojibake(stripNul(mail.html)) : null;
  const text = mail.text && mail.text.trim() !== "" ? repairMojibake(stripNul(mail.text)) : null;
  const attachments = mail.attachments ?? [];
  return {
    messageId,
    messageKey: messageKeyOf(messageId, raw),
    recipients: collectRecipients(envelopeTo, mail.to, mail.cc, lines),
    from: firstMailbox(mail.from),
    subject: repairMojibake(stripNul(readableHeader(mail.subject ?? "", lines, "subject"))).trim(),
    date: headerDate(mail.date, headerValue(lines, "date")),
    ...listHeaders(lines),
    html,
    text,
    inlineImages: attachments
      .filter((part) => part.contentId && /^image\/[\w.+-]+$/i.test(part.contentType))
      .map((part) => ({
        cid: (part.contentId ?? "").replace(/^<|>$/g, ""),
        contentType: part.contentType.toLowerCase(),
        content: part.content,
      })),
    attachedMessages: attachments
      .filter((part) => /^message\/(rfc822|news|global)$/i.test(part.contentType) && part.content.length > 0)
      .map((part) => part.content),
    hasHeaders: lines.some((line) => KNOWN_HEADERS.test(line.key)),
  };
}

const ENCODED_WORD = /=\?([^?\s]+)\?([QB])\?([^?]*)\?=/gi;

function decodeBytes(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset.replace(/\*.*$/, "")).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** A run of raw header bytes: UTF-8 when they read as such, else the Latin-1 family senders mean. */
function decodeRaw(binary: string): string {
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0) & 0xff);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * mailparser reads header bytes as UTF-8, so a raw 8-bit byte (bare, or inside an encoded word as in
 * corpus 43) comes out as U+FFFD. Then the header's own bytes (headerLines keeps one character per
 * byte) are decoded again, each encoded word in its own charset.
 */
function readableHeader(decoded: string, lines: HeaderLines, name: string): string {
  if (!/\ufffd|ï¿½/.test(decoded)) return decoded;
  const raw = headerValue(lines, name);
  if (!raw) return decoded;
  let out = "";
  let last = 0;
  let previousWordEnd = -1;
  for (const match of raw.matchAll(ENCODED_WORD)) {
    const between = raw.slice(last, match.index);
    // White space between two encoded words is not part of the text (RFC 2047 section 6.2).
    if (!(previousWordEnd === last && /^\s*$/.test(between))) out += decodeRaw(between);
    const [, charset, encoding, text] = match;
    const bytes =
      encoding.toUpperCase() === "B"
        ? Uint8Array.from(Buffer.from(text, "base64"))
        : Uint8Array.from(
            Buffer.from(
              text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
              "latin1",
            ),
          );
    out += decodeBytes(bytes, charset);
    last = match.index + match[0].length;
    previousWordEnd = last;
  }
  out += decodeRaw(raw.slice(last));
  return out.includes("\ufffd") && !decoded.includes("ï¿½") ? decoded : out;
}

/** docs/contract.md section 5: the message's Date unless missing, unparsable or more than a day ahead. */
export function receivedDate(date: Date | null, arrivedAt: Date): Date {
  if (!date) return arrivedAt;
  if (date.getTime() > arrivedAt.getTime() + 24 * 3600 * 1000) return arrivedAt;
  return date;
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

export function addressesIn(value: string): string[] {
  // Bounded: the pattern rescans from every start, so a hostile megabyte-long header would take minutes.
  return (value.slice(0, 4096).match(ADDRESS) ?? []).map((address) => address.toLowerCase());
}

/** What a message is deduplicated by: its Message-ID, else a hash of its bytes. */
export function messageKeyOf(messageId: string | null, raw: Buffer): string {
  return messageId ? `mid:${messageId.toLowerCase()}` : `sha256:${createHash("sha256").update(raw).digest("hex")}`;
}

export function cleanMessageId(value: string | undefined): string | null {
  const id = stripNul(value ?? "")
    .trim()
    .replace(/^<|>$/g, "")
    .trim();
  return id ? id.slice(0, 500) : null;
}

/** mailparser answers "now" for a garbage Date; CONTRACT wants that case told apart from a real date. */
function headerDate(parsed: Date | undefined, raw: string | null): Date | null {
  if (!raw || !(parsed instanceof Date) || Number.isNaN(parsed.getTime())) return null;
  return Number.isNaN(Date.parse(raw.replace(/\s*\([^)]*\)\s*$/, ""))) ? null : parsed;
}

export function stripNul(value: string): string {
  // PostgreSQL text refuses NUL characters.
  return value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
}

function addressList(value: AddressObject | AddressObject[] | undefined): string[] {
  if (!value) return [];
  const objects = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const object of objects) {
    for (const entry of object.value) {
      if (entry.address) out.push(entry.address);
      for (const member of entry.group ?? []) if (member.address) out.push(member.address);
    }
  }
  return out;
}

function collectRecipients(
  envelopeTo: string[],
  to: AddressObject | AddressObject[] | undefined,
  cc: AddressObject | AddressObject[] | undefined,
  lines: HeaderLines,
): string[] {
  const fromHeader = (name: string) =>
    lines.filter((line) => line.key === name).flatMap((line) => addressesIn(line.line.slice(name.length + 1)));
  const all = [
    ...envelopeTo.flatMap(addressesIn),
    ...addressList(to),
    ...addressList(cc),
    ...fromHeader("delivered-to"),
    ...fromHeader("x-original-to"),
  ];
  return [...new Set(all.map((address) => stripNul(address).trim().toLowerCase()).filter((address) => address.includes("@")))];
}

function firstMailbox(value: AddressObject | undefined): Mailbox | null {
  const entry = value?.value.find((item) => item.address) ?? value?.value.flatMap((item) => item.group ?? []).find((item) => item.address);
  if (!entry?.address) return null;
  return { name: stripNul(entry.name ?? "").trim(), address: stripNul(entry.address).trim().toLowerCase() };
}

function headerValue(lines: HeaderLines, name: string): string | null {
  const line = lines.find((item) => item.key === name);
  if (!line) return null;
  return stripNul(line.line.slice(line.line.indexOf(":") + 1))
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

// Far beyond any real List-Unsubscribe; a hostile value past it is cut, and a URI it cuts is unusable.
const MAX_UNSUBSCRIBE_HEADER = 8_192;

function listHeaders(
  lines: HeaderLines,
): Pick<ParsedMessage, "listId" | "listName" | "discussionList" | "listUnsubscribe" | "unsubscribeHeaders"> {
  const listIdLine = headerValue(lines, "list-id");
  let listId: string | null = null;
  let listName: string | null = null;
  if (listIdLine) {
    const bracket = /<([^>]+)>/.exec(listIdLine);
    listId = (bracket?.[1] ?? listIdLine).trim().toLowerCase().slice(0, 300) || null;
    const phrase = bracket ? listIdLine.slice(0, bracket.index).trim().replace(/^"|"$/g, "") : "";
    listName = phrase && !/^=\?/.test(phrase) ? phrase : null;
  }
  const unsubscribeLine = headerValue(lines, "list-unsubscribe") ?? "";
  const bracketed = [...unsubscribeLine.matchAll(/<([^>]+)>/g)].map((match) => match[1].trim());
  const listUnsubscribe =
    bracketed.length > 0
      ? bracketed
      : unsubscribeLine
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean);
  const discussionList = listId !== null && /<\s*mailto:/i.test(headerValue(lines, "list-post") ?? "");
  const post = headerValue(lines, "list-unsubscribe-post");
  const unsubscribeHeaders = unsubscribeLine
    ? { list: unsubscribeLine.slice(0, MAX_UNSUBSCRIBE_HEADER), post: post ? post.slice(0, 200) : null }
    : null;
  return { listId, listName, discussionList, listUnsubscribe, unsubscribeHeaders };
}
