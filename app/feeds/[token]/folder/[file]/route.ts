import { otherMethods, route } from "@/lib/route";
import { feedResponse } from "@/lib/feeds/respond";
import { ScopedFeedParams } from "@/lib/feeds/schemas";
import { privateFeed } from "@/lib/feeds/service";

export const dynamic = "force-dynamic";

/** /feeds/<token>/folder/<id>.atom and .json: one folder of the reader's. */
export const GET = route({ auth: "none", params: ScopedFeedParams }, async ({ request, params }) =>
  feedResponse(request, await privateFeed(params.token, { scope: "folder", id: params.id }, params.format)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET");
