import { z } from "zod";
import { route } from "@/lib/route";
import { imageResponse, InvalidSignatureError, loadImage } from "@/lib/images/proxy";
import { verifiedImageUrl } from "@/lib/images/sign";

export const dynamic = "force-dynamic";

const ImageParams = z.object({ signature: z.string(), encoded: z.string() });

/** The image proxy of docs/contract.md 6.4: no session, since its signed addresses are its permission. */
export const GET = route({ auth: "none", params: ImageParams }, async ({ params }) => {
  const url = verifiedImageUrl(params.signature, params.encoded);
  if (!url) throw new InvalidSignatureError();
  return imageResponse(await loadImage(url), "public, max-age=31536000, immutable");
});
