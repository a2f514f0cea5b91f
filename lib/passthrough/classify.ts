import type { HeaderBlock } from "./headers";

/** What arriving mail is (docs/contract.md 8.4): an issue for the feed, a subscription confirmation, or the reader's own mail. */
type MailKind = "newsletter" | "confirmation" | "personal";

/** Why: each sign the classifier saw, in the order it weighed them. */
type ClassifyReason =
  | "reader-newsletter"
  | "reader-forward"
  | "confirmation"
  | "forwarded-by-reader"
  | "list-id"
  | "list-unsubscribe"
  | "precedence-bulk"
  | "unsubscribe-link"
  | "sign-in"
  | "code"
  | "password-reset"
  | "receipt"
  | "account-notice"
  | "one-to-one";

export type Classification = { kind: MailKind; reasons: ClassifyReason[] };

/** The reader's own choice for a sender, from Settings or the delivery log. */
export type SenderChoice = "newsletter" | "forward";

/** What the classifier reads of a message: its headers and the content filing built from it. */
export type MailSigns = {
  headers: HeaderBlock;
  subject: string;
  text: string;
  html: string;
  isConfirmation: boolean;
  isForwarded: boolean;
};

type Transactional = Extract<ClassifyReason, "sign-in" | "code" | "password-reset" | "receipt" | "account-notice">;

// Read in the subject (and a code's sentence in the first lines of the text): a newsletter's essay may
// mention passwords or receipts in its body, a sign-in mail says what it is at the top.
const TRANSACTIONAL_SUBJECTS: [Transactional, RegExp][] = [
  ["password-reset", /\b(reset|change|forgot(ten)?|new)\b.{0,24}\bpassword\b|\bpassword\b.{0,12}\b(reset|change|changed|recovery)\b/i],
  [
    "code",
    /\b(verification|security|confirmation|one[- ]time|login|log[- ]in|sign[- ]in|2fa|otp|access|authentication)\s+(code|pin)\b|\bcode\s*(is|:)\s*\d{4,8}\b|^\s*\d{4,8}\s+is your\b/i,
  ],
  [
    "sign-in",
    /(?<!\b(new|unusual|suspicious)\s)\b(sign[- ]?in|log[- ]?in)\s+(link|to|request|attempt|with)\b|\bmagic link\b|\byour (login|sign[- ]in) link\b/i,
  ],
  [
    "receipt",
    /\b(receipt|invoice)\b|\byour order\b|\border\s+(confirmation|confirmed|#|no\.?|number)|\bpayment\s+(received|confirmation|confirmed|failed)\b|\brefund\b|\bhas shipped\b/i,
  ],
  [
    "account-notice",
    /\b(new|unusual|suspicious)\s+(sign[- ]?in|login|device)\b|\bsecurity alert\b|\bverify your (email|account|identity)\b|\byour account\b.{0,30}\b(updated|changed|locked|suspended|deleted|closed|created)\b|\bwelcome to your account\b|\baccount (notice|activity|update)\b/i,
  ],
];
const CODE_SENTENCE = /\b(your|the)\s+(verification|security|sign[- ]in|login|one[- ]time|confirmation)\s+code\s*(is|:)\s*[A-Z0-9]{4,8}\b/i;
const UNSUBSCRIBE_LINK =
  /<a\b[^>]*>[^<]{0,80}\b(unsubscribe|désinscri|abmelden|darse de baja|opt[- ]out|manage (your )?(subscription|preferences))/i;

/**
 * Newsletter, confirmation or personal mail, with the reasons. The reader's own choice for the sender
 * decides first; a confirmation keeps its flow; a message the reader forwarded in stays a newsletter.
 * Mail is personal only on a positive sign (a transactional kind, or a reply in a one-to-one
 * conversation): most newsletters, and every sample a reader sends by hand, come without list headers,
 * so their absence alone forwards nothing. A transactional kind wins over List-Unsubscribe and
 * Precedence (services send their codes with those too), not over a List-Id: a list's post is an issue.
 */
export function classifyMail(signs: MailSigns, choice: SenderChoice | null): Classification {
  if (choice === "newsletter") return { kind: "newsletter", reasons: ["reader-newsletter"] };
  if (choice === "forward") return { kind: "personal", reasons: ["reader-forward"] };
  if (signs.isConfirmation) return { kind: "confirmation", reasons: ["confirmation"] };
  if (signs.isForwarded) return { kind: "newsletter", reasons: ["forwarded-by-reader"] };
  const list = listSigns(signs);
  const transactional = transactionalKinds(signs);
  if (transactional.length > 0 && !list.includes("list-id")) return { kind: "personal", reasons: transactional };
  if (list.length > 0) return { kind: "newsletter", reasons: list };
  if (isConversation(signs.headers)) return { kind: "personal", reasons: ["one-to-one"] };
  return { kind: "newsletter", reasons: [] };
}

function listSigns(signs: MailSigns): ClassifyReason[] {
  const reasons: ClassifyReason[] = [];
  if (signs.headers.has("list-id")) reasons.push("list-id");
  if (signs.headers.has("list-unsubscribe")) reasons.push("list-unsubscribe");
  if ((signs.headers.get("precedence") ?? []).some((value) => /^(bulk|list|junk)\b/i.test(value))) reasons.push("precedence-bulk");
  if (UNSUBSCRIBE_LINK.test(signs.html)) reasons.push("unsubscribe-link");
  return reasons;
}

function transactionalKinds(signs: MailSigns): Transactional[] {
  const kinds = TRANSACTIONAL_SUBJECTS.filter(([, pattern]) => pattern.test(signs.subject)).map(([kind]) => kind);
  if (!kinds.includes("code") && CODE_SENTENCE.test(signs.text.slice(0, 2000))) kinds.push("code");
  return kinds;
}

/** A reply to the reader's own mail: someone writing to them, not a publisher. */
function isConversation(headers: HeaderBlock): boolean {
  return headers.has("in-reply-to") || headers.has("references");
}

/** The signs of a raw message whose content filing built. */
export function mailSigns(
  headers: HeaderBlock,
  content: { subject: string; text: string; html: string; kind: "issue" | "confirmation"; isForwarded: boolean },
): MailSigns {
  return {
    headers,
    subject: content.subject,
    text: content.text,
    html: content.html,
    isConfirmation: content.kind === "confirmation",
    isForwarded: content.isForwarded,
  };
}
