import "server-only";
import type { Link } from "./summarize";

/** A message about the subscription rather than an issue: a double opt-in, a welcome, or a mail provider's forwarding verification. */
export type Confirmation = { url: string | null; code: string | null };

const CONFIRM_SUBJECT =
  /(?:confirm|verify|activate|validate|bestätig|confirmez|confirma)\w*\b.{0,40}\b(?:subscription|e-?mail|newsletter|sign.?up|address|adresse|abonnement|inscription|suscripci)|please confirm|one more step|confirm your|verify your|forwarding confirmation|email routing|complete your (?:sign.?up|subscription|registration)|finish (?:signing up|subscribing)|subscription confirm/i;
const CONFIRM_LINK_TEXT =
  /^(?:yes[,!]?\s+)?(?:please\s+)?(?:click (?:here )?to\s+)?(?:confirm|verify|activate|validate|bestätigen|confirmer|confirmar)\b.{0,40}$|^(?:subscribe me|count me in|i'?m in|yes,? (?:sign me up|subscribe me))|^(?:finish subscribing|complete (?:my |your )?(?:sign.?up|subscription|registration))\b/i;
// Ghost's sign-up and subscribe links are magic links: /members/?token=...&action=signup
const CONFIRM_HREF = /confirm|verif|opt-?in|activate|validate|vf-|email-verification|subscribe\/confirm|[?&]action=(?:signup|subscribe)\b/i;
const CONFIRM_BODY =
  /confirm (?:your|my|the) (?:subscription|e-?mail|address|sign.?up)|verify (?:your|this) (?:e-?mail|address)|double opt-?in|confirmation code|verification code|forwarding (?:confirmation|request)|destination address|complete the sign.?up|finish (?:subscribing|signing up)/i;
// Links that are never what a confirmation asks the reader to follow.
const NOT_CONFIRM_LINK =
  /unsubscribe|preferences|privacy|terms|legal|help|support|remove|delete|report|twitter\.com|x\.com\/|facebook\.com|instagram\.com|linkedin\.com/i;
// Gmail's forwarding address sends nothing but forwarding confirmations, in the account's language.
const GMAIL_FORWARDING = "forwarding-noreply@google.com";
const PROVIDER_SENDERS =
  /^(?:forwarding-noreply@google\.com|[^@]+@(?:[\w-]+\.)*(?:accountprotection\.microsoft\.com|outlook\.com|microsoft\.com)|[^@]+@(?:[\w-]+\.)*cloudflare\.com)$/i;

// A welcome opens by thanking for the subscription; an issue may say so too, but further down or at length.
const WELCOME =
  /^(?:thanks?(?: you)?(?: so much)? for (?:subscribing|signing up|joining)\b|welcome (?:aboard|to (?:the )?(?:newsletter|list|community)\b)|you(?:'|’)re (?:now )?subscribed\b)/i;
const WELCOME_MAX_TEXT = 4000;

export function detectConfirmation(input: {
  subject: string;
  fromAddress: string | null;
  text: string;
  preheader?: string | null;
  links: Link[];
}): Confirmation | null {
  const { subject, fromAddress, text, links } = input;
  const fromProvider = fromAddress !== null && PROVIDER_SENDERS.test(fromAddress);
  const code = verificationCode(subject, text);
  if (fromProvider && (fromAddress === GMAIL_FORWARDING || code || CONFIRM_SUBJECT.test(subject) || CONFIRM_BODY.test(text))) {
    // Not its only link: Microsoft's is the one that removes the address, its code is what the reader needs.
    return { url: confirmLink(links), code };
  }
  const head = text.slice(0, 6000);
  const subjectSays = CONFIRM_SUBJECT.test(subject);
  const linkByText = links.find((link) => CONFIRM_LINK_TEXT.test(link.text) && isWebLink(link.href));
  // A long issue that merely mentions confirming is still an issue.
  if (text.length > 15_000 && !subjectSays) return null;
  if (subjectSays || (linkByText && CONFIRM_BODY.test(head))) {
    const url = linkByText?.href ?? confirmLink(links, subjectSays);
    if (url || subjectSays) return { url, code };
  }
  if (isWelcome(text, input.preheader ?? null)) return { url: null, code: null };
  return null;
}

/** A subscription's welcome (the sign-up already confirmed): short, and it opens by saying so. */
function isWelcome(text: string, preheader: string | null): boolean {
  if (text.length > WELCOME_MAX_TEXT) return false;
  return WELCOME.test(preheader?.trim() ?? "") || WELCOME.test(text.trimStart());
}

function isWebLink(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** The link to follow: by its words, else by its address, else (when the mail surely is a confirmation) its only link. */
function confirmLink(links: Link[], surely = false): string | null {
  const byText = links.find((link) => CONFIRM_LINK_TEXT.test(link.text) && isWebLink(link.href));
  if (byText) return byText.href;
  const byHref = links.find((link) => isWebLink(link.href) && CONFIRM_HREF.test(link.href) && !/unsubscribe|preferences/i.test(link.href));
  if (byHref) return byHref.href;
  if (!surely) return null;
  const candidates = new Set(links.filter((link) => isWebLink(link.href) && !NOT_CONFIRM_LINK.test(link.href)).map((link) => link.href));
  return candidates.size === 1 ? [...candidates][0] : null;
}

const CODE_LABEL =
  /(?:(?:confirmation|verification|security|one-time) code|code de (?:confirmation|vérification|sécurité)|bestätigungscode|sicherheitscode|código de (?:confirmación|verificación|seguridad)|codice di (?:conferma|verifica))\s*(?:is)?\s*[:\-]?\s*((?=[A-Z]*\d)[A-Z0-9]{4,12})\b/i;

/**
 * Gmail puts its code in the subject, "(#123456789) Gmail Forwarding Confirmation" ("(n° 123456789)" in
 * French); others in the body. A code has a digit: "the verification code below" names none.
 */
function verificationCode(subject: string, text: string): string | null {
  const inSubject = /\(\D{0,4}?(\d{6,12})\)/.exec(subject);
  if (inSubject) return inSubject[1];
  return CODE_LABEL.exec(text)?.[1] ?? null;
}
