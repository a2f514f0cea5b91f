// POST /api/inbound/email — a raw RFC 5322 message from a relay, authenticated by INBOUND_SECRET
import { json, otherMethods, route } from "@/lib/route";
import { envelopeRecipients, readRawBody, requireInboundSecret } from "@/lib/mail/intake/http";
import { receiveMessage } from "@/lib/mail/service";

export const runtime = "nodejs";

export const POST = route({ auth: "none" }, async ({ request }) => {
  requireInboundSecret(request);
  const result = await receiveMessage(await readRawBody(request), "raw", envelopeRecipients(request));
  return json(result.body, { status: result.status });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("none", "POST");
