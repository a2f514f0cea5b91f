import "server-only";
import { HttpError } from "@/lib/api/errors";
import { guardedFetch } from "@/lib/fetch/guarded-fetch";
import { cacheKey, readCachedImage, storeCachedImage } from "./cache";
import { announcesFont, announcesImage, sniffFontType, sniffImageType } from "./sniff";

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

// Refusals are never kept by a browser or a shared cache: the same address may work later, or with the right key.
const NOT_KEPT = { "cache-control": "no-store" };

/** An image the proxy will not serve: a small answer of our own, never the upstream's body. */
class ImageUnavailableError extends HttpError {
  constructor(detail: string) {
    super(502, detail, undefined, NOT_KEPT);
  }
}

export class InvalidSignatureError extends HttpError {
  constructor(noun: "image" | "font" = "image") {
    super(403, `Invalid ${noun} signature`, undefined, NOT_KEPT);
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

/** What the proxy checks of each kind it serves: both the announced type and the bytes must say it. */
type Kind = { accept: string; sniff: (bytes: Buffer) => string | null; announces: (type: string | null) => boolean; noun: string };

const IMAGE: Kind = {
  accept: "image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8",
  sniff: sniffImageType,
  announces: announcesImage,
  noun: "image",
};
// A newsletter's own web fonts (its style sheets' @font-face), so the issue shows in the type its sender chose.
const FONT: Kind = {
  accept: "font/woff2,font/woff,font/ttf,font/otf,*/*;q=0.5",
  sniff: sniffFontType,
  announces: announcesFont,
  noun: "font",
};

// Concurrent reads of one file share one look in the cache and, on a miss, one fetch: a read whose look in the
// database began before another's fetch stored the file would otherwise fetch it again.
const inFlight = new Map<string, Promise<ProxiedImage>>();

/** The image at `url` (a URL whose signature was checked), from the cache or fetched once under docs/contract.md 6.1. */
export function loadImage(url: string): Promise<ProxiedImage> {
  return load(url, IMAGE);
}

/**
 * The image at `url`, or null when the server cannot have it (refused by the guard, gone, not an image): the
 * screens then show none. Anything else (the database) throws.
 */
export async function loadImageIfAvailable(url: string): Promise<ProxiedImage | null> {
  try {
    return await loadImage(url);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/** The font at `url` (a URL whose signature was checked), under the same guard and cache as images. */
export function loadFont(url: string): Promise<ProxiedImage> {
  return load(url, FONT);
}

function load(url: string, kind: Kind): Promise<ProxiedImage> {
  const key = cacheKey(url);
  const flight = `${kind.noun} ${key}`;
  let pending = inFlight.get(flight);
  if (!pending) {
    pending = cachedOrFetched(url, key, kind).finally(() => inFlight.delete(flight));
    inFlight.set(flight, pending);
  }
  return pending;
}

async function cachedOrFetched(url: string, key: string, kind: Kind): Promise<ProxiedImage> {
  const cached = await readCachedImage(key);
  const cachedType = cached && kind.sniff(cached);
  if (cached && cachedType) return { type: cachedType, body: cached };
  return fetchFile(url, key, kind);
}

async function fetchFile(url: string, key: string, kind: Kind): Promise<ProxiedImage> {
  let response: Awaited<ReturnType<typeof guardedFetch>>;
  try {
    response = await guardedFetch(url, { headers: { accept: kind.accept }, maxBytes: MAX_IMAGE_BYTES });
  } catch {
    // Refused (private address, redirects, size, time) or unreachable alike: the reason stays on the server.
    throw new ImageUnavailableError(`The ${kind.noun} could not be fetched`);
  }
  if (response.status < 200 || response.status > 299) throw new ImageUnavailableError(`The ${kind.noun} could not be fetched`);
  const type = kind.sniff(response.body);
  // Both must say the kind: a server that calls HTML an image or a font, or sends an image as text, is refused.
  if (!kind.announces(response.headers.get("content-type")) || !type)
    throw new ImageUnavailableError(`The address did not answer with ${kind.noun === "image" ? "an image" : "a font"}`);
  await storeCachedImage(key, response.body);
  return { type, body: response.body };
}
