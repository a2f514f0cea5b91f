import { route } from "@/lib/route";
import { imageResponse } from "@/lib/images/proxy";
import { EmailIdParams } from "@/lib/issues/schemas";
import { loadThumbnail } from "@/lib/issues/thumbnail";

export const dynamic = "force-dynamic";

/**
 * An email card's picture through the image proxy; which picture depends on the reader, so only their browser
 * keeps it. One the server cannot fetch answers 204: simply not there, the card drops its slot, and the
 * browser's console reports no failure.
 */
export const GET = route({ auth: "user", params: EmailIdParams }, async ({ user, params }) => {
  const thumbnail = await loadThumbnail(user.id, params.emailId);
  return thumbnail
    ? imageResponse(thumbnail, "private, no-store")
    : new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
});
