import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SMTPServer } from "smtp-server";
import { registerUser, useDatabase } from "../support/api";
import { mail, uniqueSender } from "./inbound-support";

useDatabase();

let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  const { createSmtpServer } = await import("@/lib/mail/smtp");
  server = createSmtpServer(50_000);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A minimal SMTP client: sends each command and collects the reply code. */
async function session(commands: string[]): Promise<number[]> {
  const socket: Socket = connect(port, "127.0.0.1");
  let buffer = "";
  const waiters: ((code: number) => void)[] = [];
  socket.on("data", (data) => {
    buffer += data.toString();
    let match: RegExpExecArray | null;
    while ((match = /^(\d{3}) .*\r\n/m.exec(buffer))) {
      buffer = buffer.slice(match.index + match[0].length);
      waiters.shift()?.(Number(match[1]));
    }
  });
  const reply = () => new Promise<number>((resolve) => waiters.push(resolve));
  const codes = [await reply()];
  for (const command of commands) {
    const next = reply();
    socket.write(`${command}\r\n`);
    codes.push(await next);
  }
  socket.end();
  return codes;
}

describe("SMTP receiver", () => {
  it("accepts mail for a known recipient and refuses unknown ones at RCPT TO with 550", async () => {
    const reader = await registerUser();
    const body = mail({ to: reader.unique_email, from: uniqueSender() }).replace(/^\./gm, "..");
    const codes = await session([
      "EHLO sender.example",
      "MAIL FROM:<digest@sender.example>",
      "RCPT TO:<nobody-here@paperboy.localhost>",
      `RCPT TO:<${reader.unique_email}>`,
      "DATA",
      `${body}\r\n.`,
      "QUIT",
    ]);
    expect(codes).toEqual([220, 250, 250, 550, 250, 354, 250, 221]);
    const { getDb } = await import("@/db/client");
    const { email, inboundMessage } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const [row] = await getDb()
      .select({ subject: email.subject, source: inboundMessage.source })
      .from(email)
      .innerJoin(inboundMessage, eq(inboundMessage.id, email.inboundMessageId))
      .where(eq(email.userId, reader.id));
    expect(row).toEqual({ subject: "This week in digests", source: "smtp" });
  });

  it("refuses an oversize message with 552", async () => {
    const reader = await registerUser();
    const body = mail({ to: reader.unique_email, html: `<p>${"y".repeat(60_000)}</p>` });
    const codes = await session([
      "EHLO sender.example",
      "MAIL FROM:<a@sender.example>",
      `RCPT TO:<${reader.unique_email}>`,
      "DATA",
      `${body}\r\n.`,
      "QUIT",
    ]);
    expect(codes).toEqual([220, 250, 250, 250, 354, 552, 221]);
  });
});
