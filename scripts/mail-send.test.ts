// `npm run mail:send` on a fresh clone: no INBOUND_SECRET to set (the server's generated one is read from
// DATA_DIR), the server's port followed, and an .html file sent as a newsletter titled by its <title>.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

type Received = { headers: IncomingHttpHeaders; body: Buffer };

/** A stand-in for the server's inbound route on a free port: answers 202 and keeps what it was sent. */
async function inboundRoute(): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(202, { "content-type": "application/json" }).end('{"message_id":1,"emails":[1]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => server.close());
  return { port: (server.address() as AddressInfo).port, received };
}

function mailSend(env: Record<string, string | undefined>, ...args: string[]) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/mail-send.ts", ...args], {
    cwd: root,
    env: childEnv,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, stderr: stderr.trim() })),
  );
}

const unsubscribe = (message: ParsedMail) =>
  message.headerLines.find((header) => header.key === "list-unsubscribe")?.line.replace(/\r\n\s+/g, " ");

/** A fresh clone's configuration: no secret, no APP_URL, the server on PORT. */
const fresh = (port: number) => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "paperboy-mail-send-")),
  INBOUND_SECRET: undefined,
  APP_URL: undefined,
  PORT: String(port),
});

describe("npm run mail:send", () => {
  it("sends the sample issue to the server's PORT with the secret generated into DATA_DIR", async () => {
    const { port, received } = await inboundRoute();
    const env = fresh(port);
    const result = await mailSend(env, "--to", "jane@paperboy.localhost");
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(result.stdout).toContain(`Open http://localhost:${port}/feed to read it.`);

    const [{ headers, body }] = received;
    const secret = readFileSync(path.join(env.DATA_DIR, "inbound-secret"), "utf8");
    expect(headers).toMatchObject({ authorization: `Bearer ${secret}`, "x-envelope-to": "jane@paperboy.localhost" });
    const message = await simpleParser(body);
    expect(message.subject).toMatch(/^Your first newsletter \(\d{4}-\d\d-\d\d \d\d:\d\d\)$/);
    expect(message.from?.text).toBe('"Paperboy Sample" <hello@sample.paperboy.example>');
    expect(unsubscribe(message)).toBe("List-Unsubscribe: <mailto:unsubscribe@sample.paperboy.example?subject=Unsubscribe%20me>");
    expect(message.html).toContain("It works!");

    // A second sample is a new issue, not a duplicate of the first.
    await mailSend(env, "--to", "jane@paperboy.localhost");
    const again = await simpleParser(received[1].body);
    expect(again.messageId).not.toBe(message.messageId);
  }, 60_000);

  it("sends an .html file as a newsletter, its <title> the subject", async () => {
    const { port, received } = await inboundRoute();
    const env = fresh(port);
    const file = path.join(env.DATA_DIR, "issue.html");
    writeFileSync(
      file,
      "<!doctype html><html><head><title>\n  Caf\u00e9 &amp; Code #12 </title></head><body><p>Hello \u00e9</p></body></html>",
    );
    const result = await mailSend(env, file, "--to", "jane@paperboy.localhost");
    expect(result).toMatchObject({ status: 0, stderr: "" });
    const message = await simpleParser(received[0].body);
    expect(message.subject).toBe("Caf\u00e9 & Code #12");
    expect(message.html).toContain("<p>Hello \u00e9</p>");
    expect(unsubscribe(message)).toBe("List-Unsubscribe: <mailto:unsubscribe@sample.paperboy.example?subject=Unsubscribe%20me>");
  }, 60_000);

  it("uses INBOUND_SECRET when it is set", async () => {
    const { port, received } = await inboundRoute();
    const result = await mailSend({ ...fresh(port), INBOUND_SECRET: "operator-secret" }, "--to", "jane@paperboy.localhost");
    expect(result.status).toBe(0);
    expect(received[0].headers.authorization).toBe("Bearer operator-secret");
  }, 60_000);
});
