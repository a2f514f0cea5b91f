import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser, useDatabase } from "../support/api";
import { mail, startSmtpReceiver, uniqueSender, type SmtpReceiver } from "./inbound-support";

useDatabase();

let receiver: SmtpReceiver;

beforeAll(async () => {
  receiver = await startSmtpReceiver();
});

afterAll(() => receiver.close());

const session = (commands: string[]) => receiver.session(commands);

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
