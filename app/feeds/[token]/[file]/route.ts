import { otherMethods, route } from "@/lib/route";
import { feedResponse } from "@/lib/feeds/respond";
import { AllFeedParams } from "@/lib/feeds/schemas";
import { privateFeed } from "@/lib/feeds/service";

export const dynamic = "force-dynamic";

/** /feeds/<token>/all.atom and all.json: every issue of the reader; the token is the permission. */
export const GET = route({ auth: "none", params: AllFeedParams }, async ({ request, params }) =>
  feedResponse(request, await privateFeed(params.token, { scope: "all" }, params.format)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
