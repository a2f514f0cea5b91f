import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { env } from "@/lib/env";
import { logger } from "@/lib/observability/log";
import { deliverMail, deliverRawMail } from "./deliver";
import { listOutbox } from "./outbox";

type Received = { from: string; to: string[]; mail: ParsedMail };

let relay: SMTPServer;
let relayPort: number;
const received: Received[] = [];

beforeAll(async () => {
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      void simpleParser(stream).then((mail) => {
        const envelope = session.envelope;
        received.push({ from: envelope.mailFrom ? envelope.mailFrom.address : "", to: envelope.rcptTo.map((rcpt) => rcpt.address), mail });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  relayPort = (relay.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => relay.close(resolve)));
afterEach(() => {
  env.SMTP_URL = undefined;
  env.MAIL_FROM = undefined;
  received.length = 0;
  vi.restoreAllMocks();
});

describe("deliverMail", () => {
  it("sends through SMTP_URL from MAIL_FROM's default, Paperboy <noreply@MAIL_DOMAIN>", async () => {
    env.SMTP_URL = `smtp://127.0.0.1:${relayPort}`;
    await deliverMail({ to: "reader@example.com", subject: "Reset your password", text: "Open the link." });
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message).toMatchObject({ from: "noreply@paperboy.localhost", to: ["reader@example.com"] });
    expect(message!.mail.from?.text).toBe('"Paperboy" <noreply@paperboy.localhost>');
    expect(message!.mail.subject).toBe("Reset your password");
    expect(message!.mail.text?.trim()).toBe("Open the link.");
    expect(message!.mail.messageId).toMatch(/@paperboy\.localhost>$/);
  });

  it("sends from MAIL_FROM, or from the sender the message names", async () => {
    env.SMTP_URL = `smtp://127.0.0.1:${relayPort}`;
    env.MAIL_FROM = "Reading Room <hello@read.example>";
    await deliverMail({ to: "a@example.com", subject: "one", text: "x" });
    await deliverMail({ to: "leave@list.example", subject: "unsubscribe", text: "x", from: "reader@paperboy.localhost" });
    expect(received.map((message) => [message.from, message.mail.from?.text])).toEqual([
      ["hello@read.example", '"Reading Room" <hello@read.example>'],
      ["reader@paperboy.localhost", "reader@paperboy.localhost"],
    ]);
  });

  it("throws when the relay is down, so the job that called it is retried", async () => {
    const closed = new SMTPServer({ authOptional: true });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(resolve));
    env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    await expect(deliverMail({ to: "a@example.com", subject: "one", text: "x" })).rejects.toThrow();
  });

  it("without SMTP_URL writes an .eml under DATA_DIR/outbox and logs its recipient and subject", async () => {
    const log = vi.spyOn(logger, "info").mockImplementation(() => {});
    await deliverMail({ to: "newcomer@example.com", subject: "Reset your password", text: "Open http://localhost:3000/reset?token=t" });
    const outbox = await listOutbox();
    const message = outbox.at(-1)!;
    expect(message.file).toMatch(/[/\\]outbox[/\\]\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f-]{36}\.eml$/);
    expect(message).toMatchObject({
      to: "newcomer@example.com",
      from: '"Paperboy" <noreply@paperboy.localhost>',
      subject: "Reset your password",
    });
    expect(message.text.trim()).toBe("Open http://localhost:3000/reset?token=t");
    expect(log).toHaveBeenCalledWith(
      { to: "newcomer@example.com", subject: "Reset your password", file: message.file },
      'Outbound mail to newcomer@example.com, "Reset your password", written',
    );
  });

  it("sends a composed message's bytes unchanged with its own envelope, and names no one in the log", async () => {
    env.SMTP_URL = `smtp://127.0.0.1:${relayPort}`;
    const raw = Buffer.from("From: Shop <orders@shop.example>\r\nTo: reader@paperboy.localhost\r\nSubject: Your receipt\r\n\r\nThanks\r\n");
    const envelope = { from: "SRS0=abcd=AB=shop.example=orders@paperboy.localhost", to: "signin@example.com" };
    await deliverRawMail({ id: "2b1f9c1e-4a7b-4c2d-9e1f-0a1b2c3d4e5f", envelope, raw });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: envelope.from, to: [envelope.to] });
    expect(received[0]!.mail.from?.text).toBe('"Shop" <orders@shop.example>');
    expect(received[0]!.mail.subject).toBe("Your receipt");

    env.SMTP_URL = undefined;
    const log = vi.spyOn(logger, "info").mockImplementation(() => {});
    await deliverRawMail({ id: "3c2a0d2f-5b8c-4d3e-8f2a-1b2c3d4e5f60", envelope, raw });
    expect(log).toHaveBeenCalledWith(
      { file: expect.stringMatching(/3c2a0d2f-5b8c-4d3e-8f2a-1b2c3d4e5f60\.eml$/) },
      "Outbound mail written",
    );
    expect((await listOutbox()).at(-1)).toMatchObject({ to: "reader@paperboy.localhost", subject: "Your receipt" });
  });

  it("keeps a reader's unsubscribe address out of the log", async () => {
    const log = vi.spyOn(logger, "info").mockImplementation(() => {});
    await deliverMail({ to: "leave-7f3a@list.example", subject: "unsubscribe 7f3a", text: "x", private: true });
    expect(log).toHaveBeenCalledWith({ file: expect.stringMatching(/\.eml$/) }, "Outbound mail written");
    expect(JSON.stringify(log.mock.calls)).not.toContain("7f3a@");
    expect((await listOutbox()).at(-1)).toMatchObject({ to: "leave-7f3a@list.example", subject: "unsubscribe 7f3a" });
  });
});
