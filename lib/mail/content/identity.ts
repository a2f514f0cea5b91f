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
function normalizeSender(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  const local = lower.slice(0, at).replace(/\+.*$/, "");
  return `${local}@${lower.slice(at + 1)}`;
}

export function newsletterIdentity(
  from: Mailbox | null,
  list: { listId: string | null; listName: string | null; discussionList?: boolean },
  text = "",
  forwarded = false,
): NewsletterIdentity {
  const { listId, listName } = list;
  const senderAddress = from ? normalizeSender(from.address) : null;
  const senderDomain = senderAddress ? domainOf(senderAddress) : null;
  // A discussion list's posts come from many members: the list is the newsletter (corpus 42, "Shapelib Development").
  if (list.discussionList && listName) return { listId, senderAddress, senderDomain, name: listName.slice(0, 200) };
  return {
    listId,
    senderAddress,
    senderDomain,
    name: newsletterName(from, listName, senderDomain === "substack.com" ? text : "", forwarded),
  };
}

// Substack's own wording in the body: the "Share {publication}" button of an issue, a welcome's "subscribing to {publication}".
const SUBSTACK_PUBLICATION = [
  /^Share (?!this\b|on\b|via\b)(.{2,100}?)\s*$/m,
  /^Thanks?(?: you)?(?: so much)? for subscribing to (?:for )?(.{2,100}?)(?: and welcome\b.*)?[.!]?\s*$/im,
];

/**
 * Substack names its sender "Author from Publication": the publication is the newsletter. Otherwise a
 * clean display name is the newsletter's own ("Tic's Weekly Thoughts"); a forward often keeps only the
 * author's name, so there the body's Substack wording names the publication, cut at its first sentence
 * (its footer runs on: "Astral Codex Ten. This post is public, so feel free to share it").
 */
function newsletterName(from: Mailbox | null, listName: string | null, substackText: string, forwarded: boolean): string {
  const display = from?.name.trim() ?? "";
  const publication = / from (.+)$/.exec(display)?.[1]?.trim();
  if (publication) return publication.slice(0, 200);
  const fromBody = substackPublication(substackText);
  if (fromBody && (forwarded || !isCleanName(display))) return fromBody.slice(0, 200);
  if (display && !display.includes("@")) return display.slice(0, 200);
  if (fromBody) return fromBody.slice(0, 200);
  if (listName) return listName.slice(0, 200);
  if (from) return from.address;
  return "Unknown sender";
}

/** A name as a publisher would write it: not an address, not a sentence. */
function isCleanName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && !name.includes("@") && !/[.!?]\s+\S/.test(name);
}

function substackPublication(text: string): string | null {
  const head = text.slice(0, 20_000);
  for (const pattern of SUBSTACK_PUBLICATION) {
    const name = pattern.exec(head)?.[1]?.trim();
    // Substack runs its footer on after the name: "Astral Codex Ten. This post is public, ...".
    const first = name
      ?.split(/[.!?]\s+(?=\p{Lu})/u)[0]
      ?.replace(/[.!?]+$/, "")
      .trim();
    if (first) return first;
  }
  return null;
}

/** A catalog newsletter that may be the one a message's sender domain points at: its site's host. */
export type CatalogCandidate = { name: string; catalogKey: string | null; host: string };

// The first label of a publisher's List-Id that names no list of its own ("news.example.com").
const GENERIC_LIST_LABELS = new Set(["news", "newsletter", "newsletters", "list", "lists", "mail", "email", "updates", "info", "www"]);

/**
 * Which of the catalog newsletters on the sender's domain (nearest host first) this mail belongs to.
 * A publisher's own List-Id that names a list (bigtake.bloomberg.com) must name the candidate; otherwise
 * the sender's name picks among them, and the domain decides alone only when it holds one newsletter.
 * Several publications on one domain and nothing naming one of them: none (the mail makes its own).
 */
export function chooseCatalogNewsletter<T extends CatalogCandidate>(identity: NewsletterIdentity, candidates: T[]): T | undefined {
  if (candidates.length === 0) return undefined;
  const listName = publisherListName(identity.listId, candidates);
  if (listName) return bestNamed(candidates, listName);
  const named = bestNamed(candidates, identity.name);
  if (named) return named;
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** The list a List-Id on the publisher's own domain names ("bigtake" of bigtake.bloomberg.com), if any. */
function publisherListName(listId: string | null, candidates: CatalogCandidate[]): string | null {
  if (!listId) return null;
  const host = candidates.find((candidate) => listId.endsWith(`.${candidate.host}`))?.host;
  if (!host) return null;
  const labels = listId.slice(0, -host.length - 1).split(".");
  const named = labels.filter((label) => !GENERIC_LIST_LABELS.has(label));
  return named.length > 0 ? named.join(" ") : null;
}

/** The candidate this name names: one of the same name first, else the only one whose name holds it or is held by it. */
function bestNamed<T extends CatalogCandidate>(candidates: T[], name: string): T | undefined {
  const wanted = nameKey(name);
  if (wanted.length < 3) return undefined;
  const exact = candidates.find((candidate) => nameKey(candidate.name) === wanted || nameKey(candidate.catalogKey ?? "") === wanted);
  if (exact) return exact;
  const near = candidates.filter((candidate) => {
    const key = nameKey(candidate.name);
    return (key.length >= 5 && wanted.includes(key)) || (wanted.length >= 5 && key.includes(wanted));
  });
  return near.length === 1 ? near[0] : undefined;
}

/** Letters and digits only, lower case, without a leading "the": "The Big Take" and "bigtake" meet. */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/^\s*the\s+/, "")
    .replace(/\s+/g, "");
}
