import "server-only";
import { PayloadTooLargeError } from "@/lib/api/errors";

/** A request body of at most `limit` bytes (413 past it, by its Content-Length or by the bytes read). */
export async function readBodyUpTo(body: ReadableStream<Uint8Array> | null, declaredLength: number, limit: number): Promise<Buffer> {
  if (declaredLength > limit) throw new PayloadTooLargeError(`The file is larger than ${Math.round(limit / 1024)} KB`);
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError(`The file is larger than ${Math.round(limit / 1024)} KB`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, size);
}
