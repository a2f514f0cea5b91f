import { route } from "@/lib/route";
import { imageResponse } from "@/lib/images/proxy";
import { loadNewsletterLogo } from "@/lib/newsletters/logo";
import { NewsletterParams } from "@/lib/newsletters/schemas";

export const dynamic = "force-dynamic";

// The same logo for every reader; a catalog reload may change it, so it is kept a day, not for good.
const KEPT = "public, max-age=86400";

/**
 * A newsletter's logo through the image proxy. One the server cannot fetch answers 204: the picture is
 * simply not there, the screen shows the monogram, and the browser's console reports no failure.
 */
export const GET = route({ auth: "user", params: NewsletterParams }, async ({ user, params }) => {
  const logo = await loadNewsletterLogo(user.id, params.newsletterId);
  return logo ? imageResponse(logo, KEPT) : new Response(null, { status: 204, headers: { "cache-control": "public, max-age=3600" } });
});
