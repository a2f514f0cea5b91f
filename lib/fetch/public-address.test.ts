import { afterEach, describe, expect, it } from "vitest";
import { answerEveryName } from "@/tests/support/local-server";
import { FetchRefusedError, guardedFetch, resolveGuardedAddress, setFetchResolver } from "./guarded-fetch";
import { isPublicAddress } from "./public-address";

// Every entry of IANA's IPv4 and IPv6 special-purpose address registries (RFC 6890 and the RFCs after
// it), multicast, and the ranges that map or embed an IPv4 address: the first address of each, and
// where it matters one inside or at its end.
const SPECIAL: Array<[range: string, address: string]> = [
  ["0.0.0.0/8 this network", "0.0.0.0"],
  ["0.0.0.0/8 this network", "0.255.255.255"],
  ["10.0.0.0/8 private", "10.0.0.1"],
  ["10.0.0.0/8 private", "10.255.255.255"],
  ["100.64.0.0/10 shared (CGN)", "100.64.0.1"],
  ["100.64.0.0/10 shared (CGN)", "100.127.255.254"],
  ["127.0.0.0/8 loopback", "127.0.0.1"],
  ["127.0.0.0/8 loopback", "127.255.255.254"],
  ["169.254.0.0/16 link local", "169.254.169.254"],
  ["172.16.0.0/12 private", "172.16.0.1"],
  ["172.16.0.0/12 private", "172.31.255.255"],
  ["192.0.0.0/24 IETF protocol assignments", "192.0.0.1"],
  ["192.0.0.0/29 DS-Lite", "192.0.0.7"],
  ["192.0.0.8/32 IPv4 dummy", "192.0.0.8"],
  ["192.0.0.9/32 PCP anycast", "192.0.0.9"],
  ["192.0.0.10/32 TURN anycast", "192.0.0.10"],
  ["192.0.0.170/32 NAT64 discovery", "192.0.0.170"],
  ["192.0.2.0/24 TEST-NET-1", "192.0.2.1"],
  ["192.31.196.0/24 AS112-v4", "192.31.196.1"],
  ["192.52.193.0/24 AMT", "192.52.193.1"],
  ["192.88.99.0/24 6to4 relay anycast", "192.88.99.1"],
  ["192.168.0.0/16 private", "192.168.1.1"],
  ["192.175.48.0/24 AS112 direct delegation", "192.175.48.1"],
  ["198.18.0.0/15 benchmarking", "198.19.255.255"],
  ["198.51.100.0/24 TEST-NET-2", "198.51.100.1"],
  ["203.0.113.0/24 TEST-NET-3", "203.0.113.1"],
  ["224.0.0.0/4 multicast", "224.0.0.1"],
  ["224.0.0.0/4 multicast", "239.255.255.250"],
  ["240.0.0.0/4 reserved", "240.0.0.1"],
  ["255.255.255.255/32 limited broadcast", "255.255.255.255"],
  ["::1/128 loopback", "::1"],
  ["::/128 unspecified", "::"],
  ["::/96 IPv4-compatible (deprecated), of loopback", "::127.0.0.1"],
  ["::/96 IPv4-compatible (deprecated), of loopback", "::7f00:1"],
  ["::/96 IPv4-compatible (deprecated), of link local", "::a9fe:a9fe"],
  ["::/96 IPv4-compatible (deprecated), of a public address", "::8.8.8.8"],
  ["::ffff:0:0/96 IPv4-mapped, of loopback", "::ffff:127.0.0.1"],
  ["::ffff:0:0/96 IPv4-mapped, of private", "::ffff:a00:1"],
  ["::ffff:0:0/96 IPv4-mapped, of a public address", "::ffff:8.8.8.8"],
  ["::ffff:0:0:0/96 IPv4-translated", "::ffff:0:7f00:1"],
  ["64:ff9b::/96 NAT64 well-known, of loopback", "64:ff9b::7f00:1"],
  ["64:ff9b::/96 NAT64 well-known, of a public address", "64:ff9b::808:808"],
  ["64:ff9b:1::/48 NAT64 local use", "64:ff9b:1::a00:1"],
  ["100::/64 discard only", "100::1"],
  ["100:0:0:1::/64 dummy prefix", "100:0:0:1::1"],
  ["2001::/23 IETF protocol assignments", "2001:1ff::1"],
  ["2001::/32 Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  ["2001:1::1/128 PCP anycast", "2001:1::1"],
  ["2001:1::2/128 TURN anycast", "2001:1::2"],
  ["2001:1::3/128 DNS-SD SRP anycast", "2001:1::3"],
  ["2001:2::/48 benchmarking", "2001:2::1"],
  ["2001:3::/32 AMT", "2001:3::1"],
  ["2001:4:112::/48 AS112-v6", "2001:4:112::1"],
  ["2001:10::/28 ORCHID (deprecated)", "2001:10::1"],
  ["2001:20::/28 ORCHIDv2", "2001:20::1"],
  ["2001:30::/28 drone remote ID", "2001:30::1"],
  ["2001:db8::/32 documentation", "2001:db8::1"],
  ["2002::/16 6to4, of loopback", "2002:7f00:1::1"],
  ["2002::/16 6to4, of private", "2002:c0a8:101::1"],
  ["2620:4f:8000::/48 AS112 direct delegation", "2620:4f:8000::1"],
  ["3fff::/20 documentation", "3fff:fff::1"],
  ["5f00::/16 segment routing SIDs", "5f00::1"],
  ["fc00::/7 unique local", "fd12:3456:789a::1"],
  ["fe80::/10 link local", "fe80::1"],
  ["fe80::/10 link local, with a zone", "fe80::1%eth0"],
  ["fec0::/10 site local (deprecated)", "fec0::1"],
  ["ff00::/8 multicast", "ff02::1"],
  ["outside 2000::/3: unassigned", "4000::1"],
  ["outside 2000::/3: unassigned", "e000::1"],
];

const PUBLIC = ["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001:80b::200e"];

let undo: Array<() => void> = [];
afterEach(() => {
  undo.forEach((restore) => restore());
  undo = [];
});

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error("went through"),
    (caught: unknown) => caught,
  );
  return error instanceof FetchRefusedError ? error.reason : String(error);
}

describe("the guard's address check", () => {
  it.each(SPECIAL)("refuses %s (%s)", async (_range, address) => {
    expect(isPublicAddress(address)).toBe(false);
    // As an IMAP host or a webhook's URL is checked, written as the host and as a name's answer.
    expect(await reason(resolveGuardedAddress(address, 993))).toBe("the address is not public");
    undo.push(setFetchResolver(answerEveryName(address.replace(/%.*$/, ""))));
    expect(await reason(resolveGuardedAddress("imap.example.com", 993))).toBe("the address is not public");
    // And as every fetch connects: the name's answer, and the address written in the URL.
    expect(await reason(guardedFetch("http://sender.example/unsubscribe", { timeoutMs: 2_000 }))).toBe("the address is not public");
    if (!address.includes("%")) {
      const literal = address.includes(":") ? `[${address}]` : address;
      expect(await reason(guardedFetch(`http://${literal}/unsubscribe`, { timeoutMs: 2_000 }))).toBe("the address is not public");
    }
  });

  it.each(PUBLIC)("lets a public address through (%s)", async (address) => {
    expect(isPublicAddress(address)).toBe(true);
    undo.push(setFetchResolver(answerEveryName(address)));
    expect(await resolveGuardedAddress("imap.example.com", 993)).toBe(address);
  });

  it("refuses what is not an address at all", () => {
    for (const value of ["", "localhost", "1.2.3", "::g", "0x7f.1"]) expect(isPublicAddress(value)).toBe(false);
  });
});
