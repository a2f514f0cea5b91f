import "server-only";
import { detectConfirmation } from "./confirm";
import { depersonalizeHtml, depersonalizeText, sharedImageUrl, type RecipientIdentity } from "./depersonalize";
import { startDerivation } from "./summarize";
import { findForwardedHeader, hasForwardSubject, mayHoldForward, stripForwardPrefix } from "./forward";
import { HtmlPastBoundsError } from "./html-bounds";
import { htmlToText, htmlToTextByTokens, textToHtml } from "./html-text";
import { newsletterIdentity, type NewsletterIdentity } from "./identity";
import { parseMessage, type Mailbox, type ParsedMessage, type UnsubscribeHeaders } from "./parse";
import { normalizeCid, sanitizeEmailHtml } from "./sanitize";
import { logger } from "@/lib/observability/log";

/** One message made ready for filing: who it is from, what it says, and its safe HTML. */
export type MailContent = {
  identity: NewsletterIdentity;
  from: Mailbox | null;
  /** The person who forwarded it, when it is a forward. */
  forwarder: Mailbox | null;
  isForwarded: boolean;
  subject: string;
  date: Date | null;
  html: string;
  text: string;
  summary: string;
  thumbnailUrl: string | null;
  wordCount: number;
  kind: "issue" | "confirmation";
  confirmationUrl: string | null;
  listUnsubscribe: string[];
  /** Only ever stored for the one reader whose mail carried them (filing.ts). */
  unsubscribeHeaders: UnsubscribeHeaders | null;
  /** A forward's original attached as message/rfc822: what sender authentication checks instead (lib/sender-auth). */
  signedOriginal: Uint8Array | null;
};

const MAX_INLINE_IMAGE_BYTES = 512 * 1024;
const MAX_INLINE_TOTAL_BYTES = 3 * 1024 * 1024;

export async function buildContent(parsed: ParsedMessage): Promise<MailContent> {
  const original = await findOriginal(parsed, MAX_FORWARD_DEPTH);
  if (!original) return contentOf(parsed, { from: parsed.from, subject: parsed.subject, date: parsed.date, forwarder: null, signed: null });
  return contentOf(original.source, { ...original.origin, forwarder: parsed.from });
}

// A forward of a forward is followed this many messages deep, to the newsletter that started it.
const MAX_FORWARD_DEPTH = 4;

type Original = { source: ParsedMessage; origin: Omit<Origin, "forwarder"> };
type Attached = { parsed: ParsedMessage; bytes: Buffer };

/**
 * The innermost original of a forward: an attached message (followed into its own attachment or
 * forward block), else the last forward block of the body. The original's Date counts even when it
 * is unreadable (then the arrival time does, docs/contract.md section 5), never the forward's.
 */
async function findOriginal(parsed: ParsedMessage, depth: number): Promise<Original | null> {
  const attached = depth > 0 ? await attachedOriginal(parsed) : null;
  if (attached) {
    const { parsed: inner, bytes } = attached;
    return (
      (await findOriginal(inner, depth - 1)) ?? {
        source: inner,
        origin: { from: inner.from, subject: inner.subject, date: inner.date, signed: bytes },
      }
    );
  }
  const forwardSubject = hasForwardSubject(parsed.subject);
  const plain = parsed.text ?? (parsed.html && (forwardSubject || mayHoldForward(parsed.html)) ? htmlToText(parsed.html) : "");
  const header = plain && (forwardSubject || mayHoldForward(plain)) ? findForwardedHeader(plain, parsed.subject) : null;
  if (header) {
    // The forward's own List-* headers name the forwarder's list, not the original's newsletter.
    const unlisted = { ...parsed, listId: null, listName: null, discussionList: false };
    return {
      source: parsed.html ? unlisted : { ...unlisted, text: header.body },
      origin: { from: header.from, subject: stripForwardPrefix(header.subject ?? parsed.subject), date: header.date, signed: null },
    };
  }
  if (forwardSubject)
    return { source: parsed, origin: { from: parsed.from, subject: stripForwardPrefix(parsed.subject), date: parsed.date, signed: null } };
  return null;
}

/** Parses and prepares in one call: what the benchmark and the corpus suite measure. */
export async function parseAndBuild(raw: Buffer, envelopeTo: string[] = []): Promise<{ parsed: ParsedMessage; content: MailContent }> {
  const parsed = await parseMessage(raw, envelopeTo);
  return { parsed, content: await buildContent(parsed) };
}

/** The form of a message anyone but its recipients sees. */
export type SharedContent = Pick<MailContent, "html" | "text" | "summary" | "subject" | "thumbnailUrl">;

/**
 * What anyone but the recipient sees: the share page, trending, other readers of the edition. `who` are
 * its readers; the addresses the message was sent to (To, Cc, the envelope) are hidden too.
 */
export function sharedContent(content: MailContent, who: RecipientIdentity, messageRecipients: string[] = []): SharedContent {
  const identity: RecipientIdentity = {
    addresses: [...who.addresses, ...messageRecipients, ...(content.forwarder ? [content.forwarder.address] : [])],
    names: [...who.names, ...(content.forwarder?.name ? [content.forwarder.name] : [])],
    unsubscribeUrls: [...who.unsubscribeUrls, ...content.listUnsubscribe],
  };
  return {
    html: depersonalizeHtml(content.html, identity),
    text: depersonalizeText(content.text, identity),
    summary: depersonalizeText(content.summary, identity),
    subject: depersonalizeText(content.subject, identity).trim() || content.subject,
    thumbnailUrl: sharedImageUrl(content.thumbnailUrl, identity),
  };
}

type Origin = { from: Mailbox | null; subject: string; date: Date | null; forwarder: Mailbox | null; signed: Buffer | null };

/**
 * HTML past the parsing bounds (html-bounds.ts) is a parser's worst case, not a newsletter: the message
 * is filed as its plain part, or as the text of its HTML read token by token, in linear time.
 */
function contentOf(source: ParsedMessage, origin: Origin): MailContent {
  try {
    return contentFromParts(source, origin);
  } catch (error) {
    if (!(error instanceof HtmlPastBoundsError)) throw error;
    logger.warn({ bound: error.bound }, "Mail HTML past its parsing bounds is filed as its text");
    return contentFromParts({ ...source, html: null, text: source.text ?? htmlToTextByTokens(source.html ?? "") }, origin);
  }
}

function contentFromParts(source: ParsedMessage, origin: Origin): MailContent {
  const derivation = startDerivation(origin.subject, { forwarded: origin.forwarder !== null });
  const html = sanitizeEmailHtml(source.html ?? textToHtml(source.text ?? ""), {
    inlineImages: inlineImageMap(source),
    dropForwardHeader: origin.forwarder !== null,
    sink: derivation,
  });
  const derived = derivation.finish();
  const text = source.text?.trim() || derived.text;
  const confirmation = detectConfirmation({
    subject: origin.subject,
    fromAddress: origin.from?.address ?? null,
    text: derived.text,
    preheader: derived.preheader,
    links: derived.links,
  });
  const codeNote = confirmation?.code ? `Confirmation code: ${confirmation.code}. ` : "";
  return {
    identity: newsletterIdentity(origin.from, source, derived.text, origin.forwarder !== null),
    from: origin.from,
    forwarder: origin.forwarder,
    isForwarded: origin.forwarder !== null,
    subject: origin.subject,
    date: origin.date,
    html,
    text,
    summary: (codeNote + derived.summary).slice(0, 300),
    thumbnailUrl: derived.thumbnailUrl,
    wordCount: derived.wordCount,
    kind: confirmation ? "confirmation" : "issue",
    confirmationUrl: confirmation?.url ?? null,
    listUnsubscribe: source.listUnsubscribe,
    unsubscribeHeaders: source.unsubscribeHeaders,
    signedOriginal: origin.signed,
  };
}

async function attachedOriginal(parsed: ParsedMessage): Promise<Attached | null> {
  for (const bytes of parsed.attachedMessages) {
    try {
      const inner = await parseMessage(bytes);
      if (inner.from && inner.hasHeaders) return { parsed: inner, bytes };
    } catch {
      // A truncated attached message is no original to recover; the outer message stands.
    }
  }
  return null;
}

function inlineImageMap(parsed: ParsedMessage): Map<string, string> {
  const map = new Map<string, string>();
  let total = 0;
  for (const image of parsed.inlineImages) {
    const size = image.content.length;
    if (size > MAX_INLINE_IMAGE_BYTES || total + size > MAX_INLINE_TOTAL_BYTES) continue;
    total += size;
    map.set(normalizeCid(image.cid), `data:${image.contentType};base64,${image.content.toString("base64")}`);
  }
  return map;
}
