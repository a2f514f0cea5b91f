import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

// IANA's global unicast space (RFC 4291 2.4): everything else in IPv6 is reserved, unassigned or local,
// among them the IPv4-compatible ::/96 that ipaddr.js calls "unicast" and whose ::7f00:1 reaches 127.0.0.1.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Whether a connection to `address` may be made for a URL or host that came from mail or a reader:
 * an address outside every special-purpose range of IANA's registries (RFC 6890 and after), as ipaddr.js
 * names them in range(), and for IPv6 inside 2000::/3. Ranges that map or embed an IPv4 address
 * (IPv4-mapped and -compatible, NAT64, 6to4, Teredo) are refused whole, as request-filtering-agent
 * refuses them at connection time, so the two checks never disagree.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, "");
  if (isIP(bare) === 0) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.range() !== "unicast") return false;
  return parsed.kind() === "ipv4" || parsed.match(GLOBAL_UNICAST_V6);
}
