import "server-only";
import { PayloadTooLargeError, UnauthorizedError } from "@/lib/api/errors";
import { env, inboundSecret } from "@/lib/env";
import { hasBearerSecret } from "@/lib/secrets/bearer";

/** `Authorization: Bearer $INBOUND_SECRET`, or the secret generated into the data folder while it is unset. */
export function requireInboundSecret(request: Request): void {
  if (!hasBearerSecret(request.headers, inboundSecret())) throw new UnauthorizedError("Invalid credentials");
}

/**
 * The request body, refused with 413 past MAX_MESSAGE_BYTES by its Content-Length or by the bytes read;
 * a provider's post (`wrapped`) may be larger, its message is measured once taken out of it.
 */
export async function readRawBody(request: Request, options: { wrapped?: boolean } = {}): Promise<Buffer> {
  const limit = options.wrapped ? providerBodyLimit() : env.MAX_MESSAGE_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > limit) throw new PayloadTooLargeError("Message too large");
  if (!request.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError("Message too large");
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, size);
}

/**
 * What a provider's post may weigh: its message, up to MAX_MESSAGE_BYTES, arrives escaped inside JSON
 * or a form (up to three times longer when percent-encoded), beside a few small fields.
 */
function providerBodyLimit(): number {
  return env.MAX_MESSAGE_BYTES * 3 + 64 * 1024;
}

/** docs/contract.md section 5: 413 for a message over MAX_MESSAGE_BYTES, however it was wrapped. */
export function requireMessageSize(bytes: number): void {
  if (bytes > env.MAX_MESSAGE_BYTES) throw new PayloadTooLargeError("Message too large");
}

/** Envelope recipients a relay passes beside the message (`X-Envelope-To`, comma-separated). */
export function envelopeRecipients(request: Request): string[] {
  return (request.headers.get("x-envelope-to") ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean)
    .slice(0, 100);
}
