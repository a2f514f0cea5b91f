// POST /api/inbound/postmark — Postmark's inbound JSON (RawEmail when present), HTTP basic auth
import { json, otherMethods, route } from "@/lib/route";
import { readRawBody } from "@/lib/mail/intake/http";
import { postmarkMessage, requirePostmarkAuth } from "@/lib/mail/intake/providers";
import { receiveMessage } from "@/lib/mail/service";

export const runtime = "nodejs";

export const POST = route({ auth: "none" }, async ({ request }) => {
  requirePostmarkAuth(request);
  const { raw, envelopeTo } = postmarkMessage(await readRawBody(request, { wrapped: true }));
  const result = await receiveMessage(raw, "postmark", envelopeTo);
  return json(result.body, { status: result.status });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
