import "server-only";
import { randomBytes } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { env } from "@/lib/env";

// A route handler gets a Web Request without its socket, and Next.js fills X-Forwarded-For with the
// socket's address only when the client sent none, so the header alone cannot tell a peer from a forgery.
// The server process therefore copies each connection's address into a header whose name is random per
// process, as the request arrives: a client cannot guess the name, so cannot write it. Kept on globalThis,
// as instrumentation and the routes are separate bundles in one process.
const holder = globalThis as typeof globalThis & { paperboyPeerHeader?: string };

function peerHeader(): string {
  holder.paperboyPeerHeader ??= `x-paperboy-peer-${randomBytes(12).toString("hex")}`;
  return holder.paperboyPeerHeader;
}

/** Marks every request this process's HTTP server receives with its connection's address (instrumentation-node.ts). */
export function recordPeerAddresses(): void {
  const name = peerHeader();
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    if (socket.remoteAddress) request.headers[name] = socket.remoteAddress;
  });
}

/** The last value of a header a chain of proxies appends to ("client, proxy1"): the one our proxy wrote. */
function lastValue(headers: Headers, name: string): string | null {
  return headers.get(name)?.split(",").at(-1)?.trim() || null;
}

/**
 * Who is calling, for throttles. Behind a proxy the operator trusts (TRUST_PROXY), the address it appended
 * to X-Forwarded-For (the last one: any before it are the client's to write), or its X-Real-IP. Otherwise
 * the connection's own address; "direct" when the request came through no HTTP server of this process
 * (in-process tests), so that no header a client writes can make it a new caller.
 */
export function callerAddress(headers: Headers): string {
  if (env.TRUST_PROXY) return lastValue(headers, "x-forwarded-for") ?? lastValue(headers, "x-real-ip") ?? "direct";
  return headers.get(peerHeader()) ?? "direct";
}
