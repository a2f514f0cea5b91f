import "server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { env } from "@/lib/env";
import { isPublicAddress } from "./public-address";

/** Any request guardedFetch would not make or finish: refused address, scheme, redirects, timeout, size. */
export class FetchRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "FetchRefusedError";
  }
}

export type GuardedFetchInit = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Buffer;
  maxBytes?: number;
  timeoutMs?: number;
};

export type GuardedResponse = { status: number; headers: Headers; body: Buffer; url: string };

const MAX_REDIRECTS = 3;
export const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const NOT_PUBLIC = "the address is not public";

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Headers that would carry something of ours (a session, a page we were on) to a sender's server.
const WITHHELD = new Set(["cookie", "authorization", "proxy-authorization", "referer", "host", "content-length"]);

// The filtering agents check every address the socket is about to connect to (after DNS), so a
// name that resolves to a public address once and a private one later still cannot get through.
// Their rule (ipaddr.js's range()) lets the IPv4-compatible ::/96 through, so the lookup they wrap
// and a literal host are held to isPublicAddress as well.
const guardedAgents = { "http:": new RequestFilteringHttpAgent(), "https:": new RequestFilteringHttpsAgent() };
const allowedAgents = { "http:": new http.Agent(), "https:": new https.Agent() };

let resolver: LookupFunction = dns.lookup;

/** Tests answer names with addresses of their choosing, so no lookup or packet leaves the machine; returns the undo. */
export function setFetchResolver(lookup: LookupFunction): () => void {
  const previous = resolver;
  resolver = lookup;
  return () => {
    resolver = previous;
  };
}

/** Whether `url`'s host:port is one FETCH_ALLOW_HOSTS lets through to a private or loopback address. */
export function isAllowedHost(url: URL): boolean {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const key = `${url.hostname}:${port}`.toLowerCase();
  return (env.FETCH_ALLOW_HOSTS ?? "").split(",").some((pair) => pair.trim().toLowerCase() === key);
}

/** Whether `host:port` is a pair FETCH_ALLOW_HOSTS names: it may be reached though it resolves to a private address. */
export function isAllowedHostPort(host: string, port: number): boolean {
  const key = `${host}:${port}`.toLowerCase();
  return (env.FETCH_ALLOW_HOSTS ?? "").split(",").some((pair) => pair.trim().toLowerCase() === key);
}

/**
 * The address a connection to `host:port` that came from a user (an IMAP server) may be made to, under
 * the rules of guardedFetch: the name is resolved once, with the resolver tests can replace, and only a
 * public address passes unless FETCH_ALLOW_HOSTS names the pair. The caller connects to that address, so
 * a name that resolves differently a moment later changes nothing.
 */
export async function resolveGuardedAddress(host: string, port: number): Promise<string> {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  const address = isIP(bare) ? bare : await lookupOne(bare);
  if (!isAllowedHostPort(host, port) && !isPublicAddress(address)) throw new FetchRefusedError(NOT_PUBLIC);
  return address;
}

function lookupOne(host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    resolver(host, {}, (error, address) => {
      if (error) reject(new FetchRefusedError(`could not resolve the host${error.code ? ` (${error.code})` : ""}`));
      else resolve(typeof address === "string" ? address : address[0].address);
    });
  });
}

/** The resolver, refusing every answer that is not a public address. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) =>
  resolver(hostname, options, (error, address, family) => {
    if (error) return callback(error, address, family);
    const addresses = typeof address === "string" ? [address] : address.map((entry) => entry.address);
    if (addresses.some((one) => !isPublicAddress(one))) return callback(new FetchRefusedError(NOT_PUBLIC), address, family);
    callback(null, address, family);
  });

/**
 * A request to a URL that came from mail, under docs/contract.md 6.1: http(s) only, public addresses only
 * (unless FETCH_ALLOW_HOSTS), at most 3 redirects each checked again, one deadline for the whole
 * exchange, a size cap, and nothing of ours sent along.
 */
export async function guardedFetch(url: string, init: GuardedFetchInit = {}): Promise<GuardedResponse> {
  const signal = AbortSignal.timeout(init.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
  let target = parseTarget(url);
  let method = init.method ?? "GET";
  let body = init.body;
  for (let redirects = 0; ; redirects++) {
    const response = await exchange(target, { method, headers: init.headers ?? {}, body, signal, maxBytes });
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || !location) return { ...response, url: target.href };
    if (redirects === MAX_REDIRECTS) throw new FetchRefusedError(`more than ${MAX_REDIRECTS} redirects`);
    target = parseTarget(location, target);
    // As browsers do: 307 and 308 repeat the request, the others turn it into a GET without a body.
    if (response.status !== 307 && response.status !== 308) {
      method = "GET";
      body = undefined;
    }
  }
}

function parseTarget(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new FetchRefusedError("not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefusedError("only http and https URLs are fetched");
  return url;
}

type Exchange = { method: string; headers: Record<string, string>; body?: string | Buffer; signal: AbortSignal; maxBytes: number };

function exchange(url: URL, request: Exchange): Promise<Omit<GuardedResponse, "url">> {
  const protocol = url.protocol as "http:" | "https:";
  const headers: Record<string, string> = { "user-agent": "Paperboy", "accept-encoding": "identity" };
  for (const [name, value] of Object.entries(request.headers)) {
    if (!WITHHELD.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
  const send = protocol === "https:" ? https.request : http.request;
  // URL keeps an IPv6 literal in brackets; a socket wants it bare. Userinfo in the URL is never sent.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const guarded = !isAllowedHost(url);
  if (guarded && isIP(hostname) && !isPublicAddress(hostname)) return Promise.reject(new FetchRefusedError(NOT_PUBLIC));
  return new Promise((resolve, reject) => {
    const req = send(
      {
        protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers,
        agent: guarded ? guardedAgents[protocol] : allowedAgents[protocol],
        lookup: guarded ? publicOnlyLookup : resolver,
        signal: request.signal,
      },
      (res) => {
        const declared = Number(res.headers["content-length"]);
        if (declared > request.maxBytes) {
          res.destroy();
          return reject(new FetchRefusedError(`response larger than ${request.maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let received = 0;
        res.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > request.maxBytes) {
            res.destroy();
            reject(new FetchRefusedError(`response larger than ${request.maxBytes} bytes`));
          } else chunks.push(chunk);
        });
        res.on("error", (error) => reject(refusal(error, request.signal)));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: toHeaders(res.headers), body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", (error) => reject(refusal(error, request.signal)));
    req.end(request.body);
  });
}

function refusal(error: Error, signal: AbortSignal): FetchRefusedError {
  if (error instanceof FetchRefusedError) return error;
  if (signal.aborted) return new FetchRefusedError("timed out");
  // request-filtering-agent's words; its message names the host, which may be personal, so it is not passed on.
  if (/is not allowed/.test(error.message)) return new FetchRefusedError(NOT_PUBLIC);
  const code = (error as NodeJS.ErrnoException).code;
  return new FetchRefusedError(`could not connect${code ? ` (${code})` : ""}`);
}

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  return headers;
}
