/** Rules of the unique address: which local parts a user may hold, and how one is made from a name. */

const LOCAL_PART_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{1,38})[a-z0-9]$/;

const RESERVED = new Set([
  "abuse",
  "admin",
  "administrator",
  "api",
  "billing",
  "bounce",
  "bounces",
  "contact",
  "daemon",
  "help",
  "hostmaster",
  "info",
  "mail",
  "mailer-daemon",
  "mailerdaemon",
  "marketing",
  "no-reply",
  "noc",
  "noreply",
  "paperboy",
  "postmaster",
  "privacy",
  "root",
  "sales",
  "security",
  "support",
  "system",
  "team",
  "webmaster",
  "www",
]);

function isReserved(localPart: string): boolean {
  return RESERVED.has(localPart.toLowerCase());
}

export type LocalPartCheck = { ok: true; localPart: string } | { ok: false; message: string };

/** Accepts a bare local part or a full address on `domain`; case and a `+tag` do not count. */
export function checkUniqueAddress(input: string, domain: string): LocalPartCheck {
  const value = input.trim().toLowerCase();
  const at = value.lastIndexOf("@");
  if (at !== -1 && value.slice(at + 1) !== domain.toLowerCase()) {
    return { ok: false, message: `The address must be on ${domain}.` };
  }
  const localPart = at === -1 ? value : value.slice(0, at);
  if (localPart.length < 3 || localPart.length > 40) {
    return { ok: false, message: "The address must be 3 to 40 characters long." };
  }
  if (!LOCAL_PART_PATTERN.test(localPart)) {
    return {
      ok: false,
      message: "Use only letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit.",
    };
  }
  if (isReserved(localPart)) return { ok: false, message: "This address is reserved. Please choose another." };
  return { ok: true, localPart };
}

/** "Zoë O'Brien" -> "zoe.obrien": the base both the address and the username grow from. */
export function slugFromName(name: string, fallback: string): string {
  const words = (value: string) =>
    value
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/['’]/g, "")
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  let slug = words(name).join(".").slice(0, 32).replace(/\.+$/, "");
  if (slug.length < 3) slug = words(fallback).join(".").slice(0, 32).replace(/\.+$/, "");
  if (slug.length < 3) slug = "reader";
  return isReserved(slug) ? `${slug}.reader` : slug;
}

/** A short random suffix for when the plain form is taken: "jane.doe" -> "jane.doe-k7q2". */
export function withSuffix(slug: string): string {
  const suffix = Math.random().toString(36).slice(2, 6).padEnd(4, "0");
  return `${slug}-${suffix}`;
}

export function mailAddress(localPart: string, domain: string): string {
  return `${localPart}@${domain}`;
}

/** The local part an incoming recipient names: lower case, without any `+tag`. */
export function recipientLocalPart(address: string): string {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf("@");
  const local = at === -1 ? value : value.slice(0, at);
  const plus = local.indexOf("+");
  return plus === -1 ? local : local.slice(0, plus);
}
