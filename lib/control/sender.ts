/** How a blocked sender is written and matched: an address, or `@domain` for every address there. */

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN = new RegExp(`^(?=.{4,253}$)(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`);
const LOCAL = /^(?=.{1,64}$)[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** The entry as stored (lower case), or null when it is neither an address nor `@domain`. */
export function normalizeBlockedSender(input: string): string | null {
  const value = input.trim().toLowerCase();
  const at = value.lastIndexOf("@");
  if (at === -1) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!DOMAIN.test(domain)) return null;
  if (local === "") return `@${domain}`;
  return LOCAL.test(local) ? `${local}@${domain}` : null;
}

/**
 * Every entry that blocks mail from this address: the address itself, without its `+tag`, and its
 * domain and each parent domain (`@example.com` also blocks news@mail.example.com).
 */
export function senderBlockKeys(address: string): string[] {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf("@");
  if (at <= 0) return [];
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split(".");
  const domains = labels.slice(0, -1).map((_, index) => labels.slice(index).join("."));
  const untagged = `${local.replace(/\+.*$/, "")}@${labels.join(".")}`;
  return [...new Set([value, untagged, ...domains.map((domain) => `@${domain}`)])];
}
