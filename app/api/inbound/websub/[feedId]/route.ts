import { NotFoundError } from "@/lib/api/errors";
import { declaredLength } from "@/lib/api/input";
import { json, otherMethods, route } from "@/lib/route";
import { readBodyUpTo } from "@/lib/feeds-in/body";
import { feedFetchLimits } from "@/lib/feeds-in/fetch";
import { WebSubParams, WebSubVerification } from "@/lib/feeds-in/schemas";
import { receivePush } from "@/lib/feeds-in/service";
import { verifyIntent } from "@/lib/feeds-in/websub";

// A hub's verification of intent (W3C WebSub 5.3): the challenge echoed as text.
export const GET = route({ auth: "none", params: WebSubParams, query: WebSubVerification }, async ({ params, query }) => {
  const challenge = await verifyIntent(params.feedId, {
    mode: query["hub.mode"],
    topic: query["hub.topic"],
    challenge: query["hub.challenge"],
    leaseSeconds: query["hub.lease_seconds"],
  });
  if (challenge === null) throw new NotFoundError("Unknown subscription");
  return new Response(challenge, { headers: { "content-type": "text/plain; charset=utf-8" } });
});

// A hub's push of new content, signed with the feed's secret (X-Hub-Signature).
export const POST = route({ auth: "none", anyOrigin: true, params: WebSubParams }, async ({ params, request }) => {
  const body = await readBodyUpTo(request.body, declaredLength(request.headers), feedFetchLimits.maxBytes);
  return json(await receivePush(params.feedId, request.headers.get("x-hub-signature"), body), { status: 202 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "GET", "POST");
