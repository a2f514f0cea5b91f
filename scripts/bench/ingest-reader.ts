import http from "node:http";
import type { AddressInfo } from "node:net";
import { MISSED_CONDITIONS } from "./ingest-rules";

/** A receiver of the reader's `email.received` webhook on 127.0.0.1, answering 204; the server's env must allow its host:port. */
export async function startWebhookReceiver(): Promise<{ hostPort: string; received: () => number; close: () => void }> {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume().on("end", () => {
      received++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { hostPort: `127.0.0.1:${port}`, received: () => received, close: () => server.close() };
}

/**
 * Turns on, through the API as a reader would, everything a delivery meets on its way (issue 41): ten
 * rules (nine that miss, one that files every issue into a folder), the Screener (`allow` lets the
 * sender's held first mail in), an `email.received` webhook to `hookUrl`, and an open live event stream,
 * whose `email` events are counted. Personal mail's pass-through is on by default.
 */
export async function turnEverythingOn(
  base: string,
  cookie: string,
  options: { sender: string; hookUrl: string },
): Promise<{ allow: () => Promise<unknown>; events: () => number; close: () => void }> {
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id?: number };
  };
  const folder = await call("POST", "/api/users/me/folders", { name: `Bench ${Date.now().toString(36)}` });
  for (const [position, condition] of MISSED_CONDITIONS.entries()) {
    await call("POST", "/api/users/me/rules", {
      name: `Miss ${position}`,
      match: "all",
      conditions: [condition],
      actions: [{ type: "mark_read" }],
    });
  }
  await call("POST", "/api/users/me/rules", {
    name: "Every bench issue",
    match: "any",
    conditions: [{ field: "sender_domain", op: "contains", value: "." }],
    actions: [{ type: "add_to_folder", folder_id: folder.id }],
  });
  await call("PUT", "/api/users/me/screener", { enabled: true });
  await call("POST", "/api/users/me/webhooks", { url: options.hookUrl, events: ["email.received"] });

  const stream = new AbortController();
  let events = 0;
  const response = await fetch(`${base}/api/users/me/events`, { headers: { cookie }, signal: stream.signal });
  if (!response.ok || !response.body) throw new Error(`GET /api/users/me/events: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let partial = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const lines = (partial + value).split("\n");
        partial = lines.pop() ?? "";
        events += lines.filter((line) => line === "event: email").length;
      }
    } catch {
      // Aborted at the end of the bench.
    }
  })();
  return {
    allow: () => call("POST", "/api/users/me/screener/allow", { sender: options.sender }),
    events: () => events,
    close: () => stream.abort(),
  };
}
