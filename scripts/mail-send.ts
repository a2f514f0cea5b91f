// `npm run mail:send -- FILE.eml --to ADDRESS`: posts a message file to the raw inbound route of
// APP_URL with INBOUND_SECRET (or the secret the server generated into DATA_DIR), as a mail relay would.
// An .html file is sent as the sample issue with that body, its <title> the subject. Without a file,
// sends the sample issue, whose List-Unsubscribe is a mailto (its unsubscribe lands in the outbox),
// or with `--one-click URL` an RFC 8058 one-click link to URL.
import "./load-env.mjs";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { runCommand } from "./command";

const HTML_FILE = /\.html?$/i;

async function main(): Promise<number> {
  const { env, inboundSecret } = await import("@/lib/env");
  const { sampleIssue } = await import("@/lib/mail/intake/sample");
  const { values, positionals } = parseArgs({
    options: { to: { type: "string" }, url: { type: "string" }, "one-click": { type: "string" } },
    allowPositionals: true,
  });
  const appUrl = values.url ?? env.APP_URL;
  if (!values.to) {
    console.error("Usage: npm run mail:send -- [FILE.eml or FILE.html] --to you@MAIL_DOMAIN [--url APP_URL] [--one-click UNSUBSCRIBE_URL]");
    return 2;
  }
  const file = positionals.find((arg) => arg !== "--");
  const body =
    file && !HTML_FILE.test(file)
      ? await readFile(file)
      : await sampleIssue({ to: values.to, oneClick: values["one-click"], html: file ? await readFile(file, "utf8") : undefined });
  const secret = inboundSecret();
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
  // The server reads .env when it starts: one started before INBOUND_SECRET was changed there refuses it.
  if (response.status === 401)
    console.error(
      env.INBOUND_SECRET
        ? "The server runs with another INBOUND_SECRET: restart it after setting INBOUND_SECRET in .env."
        : "The server runs with an INBOUND_SECRET or DATA_DIR of its own: run mail:send with the same .env as the server.",
    );
  return response.ok ? 0 : 1;
}

await runCommand("Sending failed", main);
