import "server-only";
import { domainOf, type Mailbox } from "./parse";

/** How filing finds a newsletter: List-Id, then the sender's address, then its domain. */
export type NewsletterIdentity = { listId: string | null; senderAddress: string | null; senderDomain: string | null; name: string };

// Domains many unrelated publishers (or people) send from: a domain match there means nothing.
const SHARED_DOMAINS = new Set([
  "substack.com",
  "substackmail.com",
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.fr",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "beehiiv.com",
  "mail.beehiiv.com",
  "convertkit.com",
  "kit.com",
  "buttondown.email",
  "buttondown.com",
  "ghost.io",
  "mailchimp.com",
  "mcsv.net",
  "sendgrid.net",
  "mailgun.org",
  "medium.com",
  "world.hey.com",
  "hey.com",
  "example.com",
  "revue.email",
  "mailerlite.com",
  "sendinblue.com",
  "brevo.com",
]);

export function isSharedDomain(domain: string): boolean {
  return SHARED_DOMAINS.has(domain.toLowerCase());
}

/** The sender address as a key: lower case, without a `+tag`. */
export function normalizeSender(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  const local = lower.slice(0, at).replace(/\+.*$/, "");
  return `${local}@${lower.slice(at + 1)}`;
}

export function newsletterIdentity(
  from: Mailbox | null,
  list: { listId: string | null; listName: string | null; discussionList?: boolean },
  text = "",
): NewsletterIdentity {
  const { listId, listName } = list;
  const senderAddress = from ? normalizeSender(from.address) : null;
  const senderDomain = senderAddress ? domainOf(senderAddress) : null;
  // A discussion list's posts come from many members: the list is the newsletter (corpus 42, "Shapelib Development").
  if (list.discussionList && listName) return { listId, senderAddress, senderDomain, name: listName.slice(0, 200) };
  return { listId, senderAddress, senderDomain, name: newsletterName(from, listName, senderDomain === "substack.com" ? text : "") };
}

// Substack's own wording in the body: the "Share {publication}" button of an issue, a welcome's "subscribing to {publication}".
const SUBSTACK_PUBLICATION = [
  /^Share (?!this\b|on\b|via\b)(.{2,100}?)\s*$/m,
  /^Thanks?(?: you)?(?: so much)? for subscribing to (?:for )?(.{2,100}?)(?: and welcome\b.*)?[.!]?\s*$/im,
];

/**
 * Substack names its sender "Author from Publication": the publication is the newsletter. A forward
 * often keeps only the author's name, so a Substack body naming its publication comes next.
 */
function newsletterName(from: Mailbox | null, listName: string | null, substackText: string): string {
  const display = from?.name.trim() ?? "";
  const publication = / from (.+)$/.exec(display)?.[1]?.trim() ?? substackPublication(substackText);
  if (publication) return publication.slice(0, 200);
  if (display && !display.includes("@")) return display.slice(0, 200);
  if (listName) return listName.slice(0, 200);
  if (from) return from.address;
  return "Unknown sender";
}

function substackPublication(text: string): string | null {
  const head = text.slice(0, 20_000);
  for (const pattern of SUBSTACK_PUBLICATION) {
    const name = pattern.exec(head)?.[1]?.trim();
    if (name) return name;
  }
  return null;
}
