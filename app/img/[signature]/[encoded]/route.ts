import { z } from "zod";
import { route } from "@/lib/route";
import { InvalidSignatureError, loadImage } from "@/lib/images/proxy";
import { verifiedImageUrl } from "@/lib/images/sign";

export const dynamic = "force-dynamic";

const ImageParams = z.object({ signature: z.string(), encoded: z.string() });

/** A view of the cached bytes, not a copy (one image is served many times over); files and fetches fill plain ArrayBuffers, never shared ones. */
function bytesOf(body: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
}

/** The image proxy of CONTRACT 6.4: no session, since its signed addresses are its permission. */
export const GET = route({ auth: "none", params: ImageParams }, async ({ params }) => {
  const url = verifiedImageUrl(params.signature, params.encoded);
  if (!url) throw new InvalidSignatureError();
  const image = await loadImage(url);
  return new Response(bytesOf(image.body), {
    headers: {
      "content-type": image.type,
      "content-length": String(image.body.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      // Opened on its own, the answer is an image and nothing else.
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
});
