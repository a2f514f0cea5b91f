import "server-only";
import { parseMessage, stripNul, type ParsedMessage } from "./parse";
import type { RecipientIdentity } from "./depersonalize";
import { buildContent, sharedContent, type MailContent, type SharedContent } from "./mail-content";

/** What the request needs of the message besides its content. */
export type MessageFacts = Pick<ParsedMessage, "messageKey" | "recipients" | "hasHeaders" | "from" | "subject">;

/**
 * A message parsed and made ready for filing. Content that could not be built carries its error
 * instead: the message is still stored, then kept as failed (docs/contract.md section 5). Its shared form is
 * ready too when its readers were known beforehand (an import's).
 */
export type PreparedMessage =
  | { parsable: false }
  | { parsable: true; facts: MessageFacts; content: MailContent; shared: SharedContent | null; failure: null }
  | { parsable: true; facts: MessageFacts; content: null; failure: string };

export async function prepareHere(raw: Buffer, envelopeTo: string[], readers?: RecipientIdentity): Promise<PreparedMessage> {
  let parsed: ParsedMessage;
  try {
    parsed = await parseMessage(raw, envelopeTo);
  } catch {
    return { parsable: false };
  }
  const facts = {
    messageKey: parsed.messageKey,
    recipients: parsed.recipients,
    hasHeaders: parsed.hasHeaders,
    from: parsed.from,
    subject: parsed.subject,
  };
  try {
    const content = await buildContent(parsed);
    const shared = readers ? sharedContent(content, readers, parsed.recipients) : null;
    return { parsable: true, facts, content, shared, failure: null };
  } catch (error) {
    return { parsable: true, facts, content: null, failure: describeError(error) };
  }
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return stripNul(text).slice(0, 2000);
}
