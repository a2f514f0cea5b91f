import { createHmac } from "node:crypto";
import type { HeaderBlock } from "./headers";

/** The header every pass-through carries: a message that arrives with it for our domain is a forward come back. */
const PASSED_THROUGH_HEADER = "X-Paperboy-Passed-Through";
// More hops than any honest path takes (Postfix refuses at 50): a loop that strips our header stops here.
const MAX_HOPS = 30;

/** Whether the message is one of our own forwards coming back, or has travelled too many hops. */
export function isLoop(headers: HeaderBlock, mailDomain: string): boolean {
  const ours = (headers.get(PASSED_THROUGH_HEADER.toLowerCase()) ?? []).some((value) =>
    value.toLowerCase().includes(mailDomain.toLowerCase()),
  );
  return ours || (headers.get("received") ?? []).length > MAX_HOPS;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * The envelope sender of a forward (SRS0, as forwarders write it): an address of our domain that
 * names the original sender, signed with our secret, so a bounce can be told to be ours and traced back,
 * and receivers' SPF checks pass against our domain. An original without an address forwards with none.
 */
export function srsAddress(original: string | null, mailDomain: string, secret: string, now = new Date()): string {
  const at = original?.lastIndexOf("@") ?? -1;
  if (!original || at <= 0) return `postmaster@${mailDomain}`;
  const local = original.slice(0, at);
  const domain = original.slice(at + 1).toLowerCase();
  const day = Math.floor(now.getTime() / 86_400_000) % 1024;
  const stamp = BASE32[day >> 5] + BASE32[day & 31];
  return `SRS0=${srsHash(secret, stamp, domain, local)}=${stamp}=${domain}=${local}@${mailDomain}`;
}

/** The original sender an SRS0 address of ours names, when its signature holds; null for any other address. */
export function srsOriginal(address: string, mailDomain: string, secret: string): string | null {
  const match = /^SRS0=([A-Za-z0-9+/]{4})=([A-Z2-7]{2})=([^=]+)=(.+)@(.+)$/i.exec(address);
  if (!match || match[5].toLowerCase() !== mailDomain.toLowerCase()) return null;
  const [, hash, stamp, domain, local] = match;
  return srsHash(secret, stamp.toUpperCase(), domain.toLowerCase(), local) === hash ? `${local}@${domain}` : null;
}

function srsHash(secret: string, stamp: string, domain: string, local: string): string {
  return createHmac("sha256", secret).update(`${stamp}${domain}${local}`).digest("base64").slice(0, 4);
}

/** The address the original was sent from: its Return-Path, else its From. */
export function originalSender(headers: HeaderBlock): string | null {
  for (const name of ["return-path", "from"]) {
    const value = headers.get(name)?.[0];
    const address = value ? /<([^<>\s]+@[^<>\s]+)>|([^\s<>"]+@[^\s<>"]+)/.exec(value) : null;
    if (address) return address[1] ?? address[2];
  }
  return null;
}

/**
 * The message as it goes on to the reader: the original bytes unchanged (its From, Reply-To and DKIM
 * signature intact, so replies reach the original sender and its signature still verifies), with the
 * RFC 5322 Resent- fields and our loop header on top.
 */
export function forwardedBytes(
  raw: Buffer,
  forward: { to: string; from: string; messageId: string; mailDomain: string; date?: Date },
): Buffer {
  const head = [
    `Resent-From: ${forward.from}`,
    `Resent-To: ${forward.to}`,
    `Resent-Date: ${(forward.date ?? new Date()).toUTCString().replace("GMT", "+0000")}`,
    `Resent-Message-ID: <${forward.messageId}@${forward.mailDomain}>`,
    `${PASSED_THROUGH_HEADER}: ${forward.mailDomain}`,
  ];
  const newline = raw.includes("\r\n") ? "\r\n" : "\n";
  return Buffer.concat([Buffer.from(head.join(newline) + newline), raw]);
}
