import { z } from "zod";
import { route } from "@/lib/route";
import { imageResponse, InvalidSignatureError, loadFont } from "@/lib/images/proxy";
import { verifiedUrl } from "@/lib/images/sign";

export const dynamic = "force-dynamic";

const FontParams = z.object({ signature: z.string(), encoded: z.string() });

/** A newsletter's web font through the image proxy (docs/contract.md 6.4), signed for fonts alone. */
export const GET = route({ auth: "none", params: FontParams }, async ({ params }) => {
  const url = verifiedUrl(params.signature, params.encoded, "font");
  if (!url) throw new InvalidSignatureError("font");
  return imageResponse(await loadFont(url), "public, max-age=31536000, immutable");
});
