import "server-only";
import { randomInt } from "node:crypto";
import { createSocket } from "node:dgram";
import { getServers } from "node:dns";
import { connect, isIP } from "node:net";
import * as packet from "dns-packet";
import { env } from "@/lib/env";

/**
 * The DNS lookups of sender authentication, in the shape mailauth expects of `dns.promises.resolve`
 * (TXT as arrays of strings, errors with node's codes), asked of DNS_RESOLVER (else the system's first
 * server) and kept in a per-process cache for their TTL. A module-level cache may serve an answer a
 * little stale across instances: a key that rotated is seen again at its TTL's end at the latest.
 * Concurrent lookups of one name share one query, and a failed one is kept for a few seconds (RFC 9520): a burst
 * of one sender's mail waits on DNS once, even while the resolver is away.
 */
export type DnsType = "TXT" | "A" | "AAAA" | "MX" | "PTR";
type Answer = string[][] | string[] | { exchange: string; priority: number }[];

/** One query's wait for its answer; a slower server is a temporary error (the message is checked again later). */
const QUERY_TIMEOUT_MS = 2_000;
const MAX_CACHED = 10_000;
// An answer saying the name or record does not exist is kept this long (RFC 2308's SOA minimum is often longer).
const NEGATIVE_TTL_SECONDS = 60;
// A question the server failed or did not answer in time is not asked again for this long: RFC 9520 has resolvers
// keep such failures at least a second. A resolver that is down then costs each name one wait, not one per message.
const FAILURE_TTL_SECONDS = 5;
const MAX_TTL_SECONDS = 3_600;

type Response = packet.DecodedPacket & { rcode?: string };
type Cached = { expires: number; answer?: Answer; code?: string };
const cache = new Map<string, Cached>();
const asking = new Map<string, Promise<Cached>>();

class DnsError extends Error {
  constructor(
    readonly code: string,
    name: string,
  ) {
    super(`${code} ${name}`);
  }
}

export async function resolve(name: string, type: DnsType = "A"): Promise<Answer> {
  const key = `${type} ${name.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) {
    if (hit.code) throw new DnsError(hit.code, name);
    return hit.answer!;
  }
  let pending = asking.get(key);
  if (!pending) {
    pending = lookUp(key, name, type).finally(() => asking.delete(key));
    asking.set(key, pending);
  }
  const entry = await pending;
  if (entry.code) throw new DnsError(entry.code, name);
  return entry.answer!;
}

/** One query for the name, its answer kept; a server failure or timeout is kept too, briefly (FAILURE_TTL_SECONDS). */
async function lookUp(key: string, name: string, type: DnsType): Promise<Cached> {
  const entry = await query(name, type).then(
    (response) => toEntry(response, type),
    (error: unknown): Cached => {
      // A timeout or a socket's own error (ECONNREFUSED, say) keeps its code, as mailauth read it before.
      const code = (error as { code?: unknown }).code;
      return { expires: expiry(FAILURE_TTL_SECONDS), code: typeof code === "string" ? code : "ESERVFAIL" };
    },
  );
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  return entry;
}

function toEntry(response: Response, type: DnsType): Cached {
  const rcode = response.rcode;
  const answers = (response.answers ?? []).filter((answer) => answer.type === type) as Exclude<packet.Answer, packet.OptAnswer>[];
  if (rcode === "NXDOMAIN") return { expires: expiry(NEGATIVE_TTL_SECONDS), code: "ENOTFOUND" };
  if (rcode !== "NOERROR") return { expires: expiry(FAILURE_TTL_SECONDS), code: rcode === "SERVFAIL" ? "ESERVFAIL" : "EREFUSED" };
  if (answers.length === 0) return { expires: expiry(NEGATIVE_TTL_SECONDS), code: "ENODATA" };
  return { expires: expiry(Math.min(...answers.map((answer) => answer.ttl ?? 0))), answer: toAnswer(type, answers) };
}

function expiry(ttlSeconds: number): number {
  return Date.now() + Math.min(Math.max(ttlSeconds, 0), MAX_TTL_SECONDS) * 1000;
}

function toAnswer(type: DnsType, answers: Exclude<packet.Answer, packet.OptAnswer>[]): Answer {
  if (type === "TXT")
    return answers.map((answer) => {
      const data = (answer as packet.TxtAnswer).data;
      return (Array.isArray(data) ? data : [data]).map((part) => (typeof part === "string" ? part : part.toString("utf8")));
    });
  if (type === "MX")
    return answers.map((answer) => {
      const data = (answer as packet.MxAnswer).data;
      return { exchange: data.exchange, priority: data.preference ?? 0 };
    });
  return answers.map((answer) => String((answer as packet.StringAnswer).data));
}

function server(): { host: string; port: number } {
  const configured = env.DNS_RESOLVER ?? getServers()[0] ?? "127.0.0.1";
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(configured);
  if (bracketed) return { host: bracketed[1], port: Number(bracketed[2] ?? 53) };
  if (isIP(configured) === 6) return { host: configured, port: 53 };
  const [host, port] = configured.split(":");
  return { host, port: Number(port ?? 53) };
}

function request(name: string, type: DnsType): { id: number; bytes: Buffer } {
  const id = randomInt(0, 65_536);
  const bytes = packet.encode({
    type: "query",
    id,
    flags: packet.RECURSION_DESIRED,
    questions: [{ type, name }],
    // EDNS0: a 2048-bit key's record fits one UDP answer instead of a truncated one.
    additionals: [
      { type: "OPT", name: ".", udpPayloadSize: 4096, extendedRcode: 0, ednsVersion: 0, flags: 0, flag_do: false, options: [] },
    ],
  });
  return { id, bytes };
}

/** One query over UDP, then over TCP when the answer came truncated; both within QUERY_TIMEOUT_MS. */
async function query(name: string, type: DnsType): Promise<Response> {
  const deadline = Date.now() + QUERY_TIMEOUT_MS;
  const { host, port } = server();
  const { id, bytes } = request(name, type);
  const answer = await overUdp(host, port, id, bytes, deadline);
  if (!answer.flag_tc) return answer;
  return overTcp(host, port, id, bytes, deadline);
}

function overUdp(host: string, port: number, id: number, bytes: Buffer, deadline: number): Promise<Response> {
  return new Promise((resolvePacket, reject) => {
    const socket = createSocket(host.includes(":") ? "udp6" : "udp4");
    const timer = setTimeout(() => finish(new DnsError("ETIMEOUT", host)), Math.max(deadline - Date.now(), 1));
    const finish = (result: Response | Error) => {
      clearTimeout(timer);
      socket.close();
      if (result instanceof Error) reject(result);
      else resolvePacket(result);
    };
    socket.on("error", (error) => finish(error));
    socket.on("message", (message) => {
      try {
        const decoded: Response = packet.decode(message);
        // Anything not answering our id is not our answer: wait on.
        if (decoded.id === id) finish(decoded);
      } catch {
        // A malformed datagram is ignored, as a resolver would.
      }
    });
    socket.send(bytes, port, host);
  });
}

function overTcp(host: string, port: number, id: number, bytes: Buffer, deadline: number): Promise<Response> {
  return new Promise((resolvePacket, reject) => {
    const socket = connect({ host, port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => finish(new DnsError("ETIMEOUT", host)), Math.max(deadline - Date.now(), 1));
    const finish = (result: Response | Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (result instanceof Error) reject(result);
      else resolvePacket(result);
    };
    socket.on("error", (error) => finish(error));
    socket.on("connect", () => socket.write(packet.streamEncode(packet.decode(bytes))));
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      if (all.length < 2 || all.length < all.readUInt16BE(0) + 2) return;
      try {
        const decoded = packet.streamDecode(all) as Response;
        finish(decoded.id === id ? decoded : new DnsError("EBADRESP", host));
      } catch (error) {
        finish(error as Error);
      }
    });
  });
}
