import { randomUUID } from "node:crypto";
import { connect, type AddressInfo } from "node:net";
import { eq } from "drizzle-orm";

export const INBOUND_SECRET = "test-inbound-secret";
process.env.INBOUND_SECRET = INBOUND_SECRET;
process.env.MAX_MESSAGE_BYTES = "1000000";
export const MAILGUN_KEY = "test-mailgun-signing-key";
process.env.MAILGUN_SIGNING_KEY = MAILGUN_KEY;
export const POSTMARK = { user: "postmark-user", password: "postmark-password" };
process.env.POSTMARK_INBOUND_USER = POSTMARK.user;
process.env.POSTMARK_INBOUND_PASSWORD = POSTMARK.password;

export type Delivery = { status: number; body: unknown };

/** POSTs raw bytes to /api/inbound/email the way a relay would. */
export async function deliver(raw: Buffer | string, headers: Record<string, string> = {}): Promise<Delivery> {
  const { POST } = await import("@/app/api/inbound/email/route");
  const request = new Request(new URL("/api/inbound/email", process.env.APP_URL), {
    method: "POST",
    headers: { authorization: `Bearer ${INBOUND_SECRET}`, "content-type": "message/rfc822", ...headers },
    body: typeof raw === "string" ? raw : new Uint8Array(raw),
  });
  const response = await POST(request);
  return { status: response.status, body: await response.json() };
}

export type MailOptions = {
  to: string;
  from?: string;
  subject?: string;
  messageId?: string | null;
  date?: string;
  html?: string;
  extra?: string[];
};

export function mail(options: MailOptions): string {
  const messageId = options.messageId === undefined ? `<${randomUUID()}@sender.example.com>` : options.messageId;
  return [
    `From: ${options.from ?? "Weekly Digest <digest@weekly-digest.example.com>"}`,
    `To: ${options.to}`,
    `Subject: ${options.subject ?? "This week in digests"}`,
    `Date: ${options.date ?? "Tue, 01 Mar 2022 10:00:00 +0000"}`,
    ...(messageId ? [`Message-ID: ${messageId}`] : []),
    ...(options.extra ?? []),
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    "",
    options.html ?? "<p>Hello reader, here is what happened this week in the world of digests and summaries.</p>",
  ].join("\r\n");
}

export async function emailRow(id: number) {
  const { getDb } = await import("@/db/client");
  const { email } = await import("@/db/schema");
  const [row] = await getDb().select().from(email).where(eq(email.id, id));
  return row;
}

export async function newsletterRow(id: number) {
  const { getDb } = await import("@/db/client");
  const { newsletter } = await import("@/db/schema");
  const [row] = await getDb().select().from(newsletter).where(eq(newsletter.id, id));
  return row;
}

export async function inboundRow(id: number) {
  const { getDb } = await import("@/db/client");
  const { inboundMessage } = await import("@/db/schema");
  const [row] = await getDb().select().from(inboundMessage).where(eq(inboundMessage.id, id));
  return row;
}

export function uniqueSender(): string {
  return `news-${randomUUID().slice(0, 8)}@letters-${randomUUID().slice(0, 8)}.example.org`;
}

/** A newsletter as an import keeps it (a List-Unsubscribe header, a sender never seen before), with an mbox's LF line ends. */
export function importedNewsletter(subject: string, options: Partial<MailOptions> = {}): string {
  return mail({
    to: "reader@gmail.example",
    from: `Weekly Letters <${uniqueSender()}>`,
    subject,
    extra: [`List-Unsubscribe: <https://letters.example.org/u/${randomUUID()}>`],
    ...options,
  }).replace(/\r\n/g, "\n");
}

export type SmtpReceiver = {
  /** Opens a session, sends each command and collects every reply code, the greeting first. */
  session(commands: string[]): Promise<number[]>;
  close(): Promise<void>;
};

/** Paperboy's SMTP receiver on a free loopback port, with a minimal client for its tests. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const { createSmtpServer } = await import("@/lib/mail/intake/smtp");
  const server = createSmtpServer(50_000);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    async session(commands) {
      const socket = connect(port, "127.0.0.1");
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
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
