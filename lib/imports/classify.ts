import { cleanMessageId, messageKeyOf } from "@/lib/mail/content/parse";

/**
 * Whether a message of an imported mailbox is a newsletter, from its header alone (docs/contract.md 6.3): a
 * List-Id, a List-Unsubscribe, `Precedence: bulk` or `list`, or a sender the reader already reads.
 * Reading only the header keeps personal mail, most of a mailbox, cheap to pass over.
 */

export type HeaderFacts = {
  listId: boolean;
  listUnsubscribe: boolean;
  bulk: boolean;
  from: string | null;
  subject: string;
  /** The last non-empty Message-ID, as written: mailparser keeps the last one too. */
  messageId: string | null;
  hasHeader: boolean;
};

const HEADER_END = /\r?\n\r?\n/;
const FIELD = /^([!-9;-~]+)[ \t]*:(.*)$/;
const ADDRESS = /[a-z0-9._%+'=-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i;

export function readHeader(raw: Buffer): HeaderFacts {
  const head = raw.subarray(0, 256 * 1024).toString("latin1");
  const end = HEADER_END.exec(head);
  const lines = (end ? head.slice(0, end.index) : head).replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/);
  const facts: HeaderFacts = {
    listId: false,
    listUnsubscribe: false,
    bulk: false,
    from: null,
    subject: "",
    messageId: null,
    hasHeader: false,
  };
  for (const line of lines) {
    const field = FIELD.exec(line);
    if (!field) continue;
    facts.hasHeader = true;
    const name = field[1].toLowerCase();
    const value = field[2].trim();
    if (name === "list-id" && value) facts.listId = true;
    else if (name === "list-unsubscribe" && value) facts.listUnsubscribe = true;
    else if (name === "precedence" && /^(bulk|list)\b/i.test(value)) facts.bulk = true;
    else if (name === "from" && facts.from === null) facts.from = normalizeAddress(ADDRESS.exec(value.slice(0, 2048))?.[0] ?? null);
    else if (name === "subject" && !facts.subject) facts.subject = value.slice(0, 300);
    else if (name === "message-id" && value) facts.messageId = value;
  }
  return facts;
}

/** Lower case, without a `+tag`: the form newsletters are keyed by. */
function normalizeAddress(address: string | null): string | null {
  if (!address) return null;
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf("@");
  return `${lower.slice(0, at).replace(/\+.*$/, "")}@${lower.slice(at + 1)}`;
}

export function isNewsletter(facts: HeaderFacts, knownSenders: ReadonlySet<string>): boolean {
  return facts.listId || facts.listUnsubscribe || facts.bulk || (facts.from !== null && knownSenders.has(facts.from));
}

/** A subject a person gives what they forward: such a message may hold a newsletter under its own header. */
export function looksForwarded(subject: string): boolean {
  return /^\s*(fwd?|fw|tr|wg|rv|i)\s*:/i.test(subject);
}

const PLAIN_MESSAGE_ID = /^[!-~]+$/;

/**
 * The key filing would dedupe this message by, read from its header alone, so mail the reader already
 * holds is passed over without being parsed and sanitised; null where only mailparser can tell (an
 * encoded or spaced Message-ID). Brackets are completed as mailparser does before they are stripped.
 */
export function headerMessageKey(facts: HeaderFacts, raw: Buffer): string | null {
  const id = facts.messageId;
  if (id === null) return messageKeyOf(null, raw);
  if (!PLAIN_MESSAGE_ID.test(id) || id.includes("=?")) return null;
  return messageKeyOf(cleanMessageId(`${id.startsWith("<") ? "" : "<"}${id}${id.endsWith(">") ? "" : ">"}`), raw);
}
