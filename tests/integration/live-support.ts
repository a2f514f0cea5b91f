/** One server-sent event as a client reads it. */
export type SentEvent = { id?: string; event: string; data: string } | { comment: string };

/** Reads a text/event-stream body as it arrives; `next` waits for the next event or comment. */
export function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const queue: SentEvent[] = [];
  let buffer = "";
  let done = false;
  // A read outlives a wait that timed out: its chunk is taken by the next wait, not lost.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  const parse = (block: string) => {
    const fields: Record<string, string> = {};
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) queue.push({ comment: line.slice(1).trim() });
      else if (line.includes(":")) fields[line.slice(0, line.indexOf(":"))] = line.slice(line.indexOf(":") + 1).trim();
    }
    if (fields.event || fields.data !== undefined) queue.push({ id: fields.id, event: fields.event ?? "message", data: fields.data ?? "" });
  };

  /** The next event or comment, or null once the stream ended. */
  const next = async (timeoutMs = 5_000): Promise<SentEvent | null> => {
    const deadline = Date.now() + timeoutMs;
    while (queue.length === 0 && !done) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        (pending ??= reader.read()),
        new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), left))),
      ]).finally(() => clearTimeout(timer));
      if (chunk === "timeout") continue;
      pending = undefined;
      if (chunk.done) done = true;
      else {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      }
    }
    return queue.shift() ?? null;
  };

  /** The next `email` event's data, skipping comments. */
  const nextEmail = async (timeoutMs = 5_000): Promise<{ id: string | undefined; data: Record<string, unknown> }> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = await next(Math.max(1, deadline - Date.now()));
      if (event === null) throw new Error("the stream ended");
      if ("event" in event && event.event === "email") return { id: event.id, data: JSON.parse(event.data) as Record<string, unknown> };
    }
  };

  return { next, nextEmail, cancel: () => reader.cancel().catch(() => undefined) };
}
