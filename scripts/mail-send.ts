// `npm run mail:send -- FILE.eml --to ADDRESS`: posts a message file to the raw inbound route of
// APP_URL with INBOUND_SECRET, as a mail relay would. Without a file, sends a short sample issue whose
// List-Unsubscribe is a mailto (its unsubscribe lands in the outbox), or with `--one-click URL` an
// RFC 8058 one-click link to URL.
import "./load-env.mjs";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { runCommand } from "./command";

const SAMPLE = (to: string, oneClick: string | undefined) =>
  [
    "From: Paperboy Sample <hello@sample.paperboy.example>",
    ...(oneClick
      ? [`List-Unsubscribe: <${oneClick}>`, "List-Unsubscribe-Post: List-Unsubscribe=One-Click"]
      : ["List-Unsubscribe: <mailto:unsubscribe@sample.paperboy.example?subject=Unsubscribe%20me>"]),
    `To: ${to}`,
    `Subject: Your first newsletter (${new Date().toISOString().slice(0, 16).replace("T", " ")})`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@sample.paperboy.example>`,
    "Content-Type: text/html; charset=utf-8",
    "",
    "<h1>It works!</h1><p>This sample issue travelled through the inbound route into your feed. Forward any newsletter to your Paperboy address to see it here too.</p>",
  ].join("\r\n");

async function main(): Promise<number> {
  const { env } = await import("@/lib/env");
  const { values, positionals } = parseArgs({
    options: { to: { type: "string" }, url: { type: "string" }, "one-click": { type: "string" } },
    allowPositionals: true,
  });
  const appUrl = values.url ?? env.APP_URL;
  const secret = env.INBOUND_SECRET;
  if (!values.to) {
    console.error("Usage: npm run mail:send -- [FILE.eml] --to you@MAIL_DOMAIN [--url APP_URL] [--one-click UNSUBSCRIBE_URL]");
    return 2;
  }
  if (!secret) {
    console.error("Set INBOUND_SECRET (the same value the server runs with).");
    return 2;
  }
  const file = positionals.find((arg) => arg !== "--");
  const body = file ? await readFile(file) : Buffer.from(SAMPLE(values.to, values["one-click"]));
  const target = new URL("/api/inbound/email", appUrl);
  let response: Response;
  try {
    response = await fetch(target, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "message/rfc822", "x-envelope-to": values.to },
      body: new Uint8Array(body),
    });
  } catch {
    console.error(`Could not reach ${target}. Is the app running (npm run dev, or npm start), and there (--url, or APP_URL)?`);
    return 1;
  }
  console.log(`${response.status} ${await response.text()}`);
  if (response.status === 202 || response.status === 200) console.log(`Open ${new URL("/feed", appUrl)} to read it.`);
  // The server reads .env when it starts: one started before INBOUND_SECRET was written there refuses it.
  if (response.status === 401)
    console.error("The server runs with another INBOUND_SECRET: restart it after setting INBOUND_SECRET in .env.");
  return response.ok ? 0 : 1;
}

await runCommand("Sending failed", main);
