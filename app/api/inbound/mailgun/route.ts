// POST /api/inbound/mailgun — Mailgun's raw-MIME form post (body-mime), checked by its signature
import { json, otherMethods, route } from "@/lib/route";
import { readRawBody } from "@/lib/mail/intake/http";
import { mailgunMessage } from "@/lib/mail/intake/providers";
import { receiveMessage } from "@/lib/mail/service";

export const runtime = "nodejs";

export const POST = route({ auth: "none" }, async ({ request }) => {
  const body = await readRawBody(request, { wrapped: true });
  const { raw, envelopeTo } = await mailgunMessage(body, request.headers.get("content-type") ?? "");
  const result = await receiveMessage(raw, "mailgun", envelopeTo);
  return json(result.body, { status: result.status });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
