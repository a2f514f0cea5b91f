import { route } from "@/lib/route";
import { imageResponse } from "@/lib/images/proxy";
import { EmailIdParams } from "@/lib/issues/schemas";
import { loadThumbnail } from "@/lib/issues/thumbnail";

export const dynamic = "force-dynamic";

/** An email card's picture through the image proxy; which picture depends on the reader, so only their browser keeps it. */
export const GET = route({ auth: "user", params: EmailIdParams }, async ({ user, params }) =>
  imageResponse(await loadThumbnail(user.id, params.emailId), "private, no-store"),
);
