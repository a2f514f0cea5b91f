import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import nodemailer from "nodemailer";
import { root } from "./harness";

/** `npm run smtp` on `port` with the benchmark's environment; resolves once it listens. */
export async function startSmtpReceiver(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const receiver = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(root, "scripts", "smtp.ts")], {
    cwd: root,
    env: { ...process.env, ...env, SMTP_PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    receiver.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("listening")) resolve();
    });
    receiver.on("exit", (code) => reject(new Error(`SMTP receiver exited with ${code}`)));
  });
  receiver.stdout!.resume();
  return receiver;
}

/** A pool of `connections` SMTP sessions to the receiver on 127.0.0.1: send answers whether the message got its 250. */
export function sendOverSmtp(
  port: number,
  to: string,
  connections: number,
): { send: (raw: Buffer) => Promise<boolean>; close: () => void } {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
  });
  const envelope = { from: "news@bench-weekly.example", to: [to] };
  return {
    send: (raw) =>
      transport.sendMail({ envelope, raw }).then(
        () => true,
        () => false,
      ),
    close: () => transport.close(),
  };
}

/** A newsletter carrying a large attachment (a report, say), `bytes` long in all: HTML of `sample`'s body, then base64. */
export function largeMessage(to: string, sample: Buffer, bytes: number): Buffer {
  const text = sample.toString("utf8");
  const html = text.slice(text.indexOf("\r\n\r\n") + 4);
  const head = [
    "From: Bench Weekly <news@bench-weekly.example>",
    `To: ${to}`,
    `Subject: Bench issue with the yearly report ${Date.now()}`,
    `Message-ID: <large-${Date.now()}@bench.example>`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="bench-large"',
    "",
    "--bench-large",
    "Content-Type: text/html; charset=utf-8",
    "",
    html,
    "--bench-large",
    'Content-Type: application/pdf; name="report.pdf"',
    'Content-Disposition: attachment; filename="report.pdf"',
    "Content-Transfer-Encoding: base64",
    "",
    "",
  ].join("\r\n");
  const tail = "\r\n--bench-large--\r\n";
  // base64 of 57 bytes is one 76-character line plus CRLF: 78 bytes.
  const lines = Math.max(0, Math.floor((bytes - head.length - tail.length) / 78));
  const encoded = (
    randomBytes(lines * 57)
      .toString("base64")
      .match(/.{76}/g) ?? []
  ).join("\r\n");
  return Buffer.from(head + encoded + tail);
}
