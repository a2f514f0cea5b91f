import "server-only";
import { HttpError } from "@/lib/api/errors";
import { guardedFetch } from "@/lib/fetch/guarded-fetch";
import { cacheKey, readCachedImage, storeCachedImage } from "./cache";
import { announcesImage, sniffImageType } from "./sniff";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

// Refusals are never kept by a browser or a shared cache: the same address may work later, or with the right key.
const NOT_KEPT = { "cache-control": "no-store" };

/** An image the proxy will not serve: a small answer of our own, never the upstream's body. */
export class ImageUnavailableError extends HttpError {
  constructor(detail: string) {
    super(502, detail, undefined, NOT_KEPT);
  }
}

export class InvalidSignatureError extends HttpError {
  constructor() {
    super(403, "Invalid image signature", undefined, NOT_KEPT);
  }
}

export type ProxiedImage = { type: string; body: Buffer };

/** A view of the cached bytes, not a copy (one image is served many times over); files and fetches fill plain ArrayBuffers, never shared ones. */
function bytesOf(body: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
}

/** The proxy's answer: the image and nothing else, kept as `cacheControl` says. */
export function imageResponse(image: ProxiedImage, cacheControl: string): Response {
  return new Response(bytesOf(image.body), {
    headers: {
      "content-type": image.type,
      "content-length": String(image.body.length),
      "cache-control": cacheControl,
      "x-content-type-options": "nosniff",
      // Opened on its own, the answer is an image and nothing else.
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}

// Concurrent first reads of one image wait for the one fetch already under way.
const inFlight = new Map<string, Promise<ProxiedImage>>();

/** The image at `url` (a URL whose signature was checked), from the cache or fetched once under docs/contract.md 6.1. */
export async function loadImage(url: string): Promise<ProxiedImage> {
  const key = cacheKey(url);
  const cached = await readCachedImage(key);
  const cachedType = cached && sniffImageType(cached);
  if (cached && cachedType) return { type: cachedType, body: cached };
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchImage(url, key).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function fetchImage(url: string, key: string): Promise<ProxiedImage> {
  let response: Awaited<ReturnType<typeof guardedFetch>>;
  try {
    response = await guardedFetch(url, {
      headers: { accept: "image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8" },
      maxBytes: MAX_IMAGE_BYTES,
    });
  } catch {
    // Refused (private address, redirects, size, time) or unreachable alike: the reason stays on the server.
    throw new ImageUnavailableError("The image could not be fetched");
  }
  if (response.status < 200 || response.status > 299) throw new ImageUnavailableError("The image could not be fetched");
  const type = sniffImageType(response.body);
  // Both must say image: a server that calls HTML an image, or sends an image as text, is refused.
  if (!announcesImage(response.headers.get("content-type")) || !type)
    throw new ImageUnavailableError("The address did not answer with an image");
  await storeCachedImage(key, response.body);
  return { type, body: response.body };
}
