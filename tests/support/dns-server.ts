import { generateKeyPairSync } from "node:crypto";
import { createSocket, type Socket } from "node:dgram";
import type { AddressInfo } from "node:net";
import * as packet from "dns-packet";

/**
 * The tests' DNS server on loopback (docs/contract.md 7.2: tests never ask the world's DNS). It serves, for any
 * domain, the DKIM keys of tests/support/dkim.ts under their selectors, a DMARC record and an SPF record
 * naming 127.0.0.1; a domain with a label `silent` gets no answer at all (a server that times out).
 */
export const SELECTORS = {
  /** The key tests sign with: a signature under it passes. */
  good: "pb",
  /** Another key's record: a signature by the good key under this selector fails. */
  other: "pbother",
  /** A record that is no key. */
  garbage: "pbgarbage",
  /** A 512-bit RSA key, which must never count as a pass. */
  weak: "pbweak",
} as const;

export type TestKeys = { good: string; weak: string };

const TTL = 300;

function publicKeyOf(pem: string): string {
  return pem.replace(/-----[^-]+-----|\s/g, "");
}

/** The private keys the signer uses (PEM), made once per test run. */
export function makeTestKeys(): TestKeys & { goodPublic: string; otherPublic: string; weakPublic: string } {
  const rsa = (bits: number) =>
    generateKeyPairSync("rsa", {
      modulusLength: bits,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
  const good = rsa(2048);
  const other = rsa(2048);
  const weak = rsa(512);
  return {
    good: good.privateKey,
    weak: weak.privateKey,
    goodPublic: publicKeyOf(good.publicKey),
    otherPublic: publicKeyOf(other.publicKey),
    weakPublic: publicKeyOf(weak.publicKey),
  };
}

type Zone = ReturnType<typeof makeTestKeys>;

function txtFor(name: string, zone: Zone): string | null {
  const lower = name.toLowerCase();
  const dkim = /^([^.]+)\._domainkey\./.exec(lower);
  if (dkim) {
    const selector = dkim[1];
    if (selector === SELECTORS.good) return `v=DKIM1; k=rsa; p=${zone.goodPublic}`;
    if (selector === SELECTORS.other) return `v=DKIM1; k=rsa; p=${zone.otherPublic}`;
    if (selector === SELECTORS.weak) return `v=DKIM1; k=rsa; p=${zone.weakPublic}`;
    if (selector === SELECTORS.garbage) return "v=DKIM1; k=rsa; p=%%%not-a-key%%%";
    return null;
  }
  if (lower.startsWith("_dmarc.")) return "v=DMARC1; p=reject";
  return "v=spf1 ip4:127.0.0.1 -all";
}

function answer(query: packet.DecodedPacket, zone: Zone): Buffer | null {
  const question = query.questions?.[0];
  if (!question) return null;
  if (question.name.split(".").includes("silent")) return null;
  const text = question.type === "TXT" ? txtFor(question.name, zone) : null;
  const found = text !== null;
  // A record longer than 255 bytes goes as several strings, as DNS requires.
  const parts = text ? (text.match(/.{1,255}/g) ?? []) : [];
  return packet.encode({
    type: "response",
    id: query.id,
    flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (found || question.type !== "TXT" ? 0 : 3),
    questions: [question],
    answers: found ? [{ type: "TXT", name: question.name, ttl: TTL, class: "IN", data: parts }] : [],
  });
}

export type TestDnsServer = { address: string; close: () => Promise<void> };

/** Starts the server on 127.0.0.1 (an ephemeral port unless given); `address` is DNS_RESOLVER's host:port. */
export function startTestDns(zone: Zone, port = 0): Promise<TestDnsServer> {
  const socket: Socket = createSocket("udp4");
  socket.on("message", (message, remote) => {
    try {
      const reply = answer(packet.decode(message), zone);
      if (reply) socket.send(reply, remote.port, remote.address);
    } catch {
      // A datagram that is no query gets no answer.
    }
  });
  return new Promise((resolve) => {
    socket.bind(port, "127.0.0.1", () => {
      const { port: bound } = socket.address() as AddressInfo;
      resolve({ address: `127.0.0.1:${bound}`, close: () => new Promise((done) => socket.close(() => done())) });
    });
  });
}
