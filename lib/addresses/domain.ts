/**
 * The registrable domain of a sender ("news@mail.example.co.uk" -> "example.co.uk"): the last two labels,
 * or three under the common two-level public suffixes. Close enough to tell one company from another.
 */
const TWO_LEVEL_SUFFIXES = new Set([
  "ac.uk",
  "co.uk",
  "gov.uk",
  "ltd.uk",
  "me.uk",
  "org.uk",
  "plc.uk",
  "com.au",
  "net.au",
  "org.au",
  "co.nz",
  "org.nz",
  "co.jp",
  "ne.jp",
  "or.jp",
  "co.in",
  "co.za",
  "co.kr",
  "com.br",
  "com.cn",
  "com.mx",
  "com.sg",
  "com.tr",
  "com.ar",
  "com.hk",
  "com.tw",
]);

export function registrableDomain(address: string): string {
  const host = address
    .slice(address.lastIndexOf("@") + 1)
    .toLowerCase()
    .replace(/\.$/, "");
  const labels = host.split(".");
  const keep = TWO_LEVEL_SUFFIXES.has(labels.slice(-2).join(".")) ? 3 : 2;
  return labels.slice(-keep).join(".");
}

/**
 * Whether a second, unrelated sender wrote to an address after its first: `senders` in the order they
 * first wrote. A sender of the same registrable domain as the first (its other list, its ESP subdomain) is related.
 */
export function isLeaked(senders: string[]): boolean {
  const [first, ...later] = senders;
  if (first === undefined) return false;
  const home = registrableDomain(first);
  return later.some((sender) => registrableDomain(sender) !== home);
}
