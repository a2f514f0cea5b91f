import "server-only";
import { createHmac } from "node:crypto";
import { z } from "zod";
import { requireUnusedMailgunToken } from "./replay";
import { BadRequestError, UnauthorizedError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { secretsMatch } from "@/lib/secrets/bearer";
import { requireMessageSize } from "./http";

export type ProviderMessage = { raw: Buffer; envelopeTo: string[] };

const MAILGUN_MAX_AGE_SECONDS = 5 * 60;

/** Mailgun's raw-MIME form post: HMAC-SHA256(timestamp + token) with the signing key, at most 5 minutes old. */
export async function mailgunMessage(body: Buffer, contentType: string, now = Date.now()): Promise<ProviderMessage> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new UnauthorizedError("Invalid signature");
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const [timestamp, token, signature] = [field("timestamp"), field("token"), field("signature")];
  const key = env.MAILGUN_SIGNING_KEY;
  if (!key || !timestamp || !token || !signature) throw new UnauthorizedError("Invalid signature");
  const expected = createHmac("sha256", key)
    .update(timestamp + token)
    .digest("hex");
  // Whole seconds, as Mailgun signs them: a timestamp exactly 5 minutes old is not older than 5 minutes.
  const age = Math.floor(now / 1000) - Number(timestamp);
  if (!secretsMatch(signature.toLowerCase(), expected) || !Number.isFinite(age) || Math.abs(age) > MAILGUN_MAX_AGE_SECONDS) {
    throw new UnauthorizedError("Invalid signature");
  }
  await requireUnusedMailgunToken(token, form);
  const mime = form.get("body-mime");
  const raw = typeof mime === "string" ? Buffer.from(mime, "utf8") : mime ? Buffer.from(await mime.arrayBuffer()) : null;
  if (!raw) throw new BadRequestError("Not a parsable message: body-mime is missing");
  requireMessageSize(raw.length);
  return { raw, envelopeTo: splitAddresses(field("recipient")) };
}

/** Postmark has no signature: HTTP basic auth with the configured user and password. */
export function requirePostmarkAuth(request: Request): void {
  const user = env.POSTMARK_INBOUND_USER;
  const password = env.POSTMARK_INBOUND_PASSWORD;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.get("authorization")?.trim() ?? "");
  const given = match ? Buffer.from(match[1], "base64").toString("utf8") : "";
  if (!user || !password || !secretsMatch(given, `${user}:${password}`)) throw new UnauthorizedError("Invalid credentials");
}

const PostmarkInbound = z.object({
  RawEmail: z.string().optional(),
  OriginalRecipient: z.string().optional(),
  From: z.string().optional(),
  To: z.string().optional(),
  Cc: z.string().optional(),
  Subject: z.string().optional(),
  Date: z.string().optional(),
  MessageID: z.string().optional(),
  HtmlBody: z.string().optional(),
  TextBody: z.string().optional(),
  Headers: z.array(z.object({ Name: z.string(), Value: z.string() })).optional(),
  Attachments: z
    .array(
      z.object({ Name: z.string().optional(), Content: z.string(), ContentType: z.string().optional(), ContentID: z.string().optional() }),
    )
    .optional(),
});

/** Postmark's inbound JSON: its RawEmail when the server includes it, else a message rebuilt from the fields. */
export function postmarkMessage(body: Buffer): ProviderMessage {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    throw new BadRequestError("Malformed JSON body");
  }
  const parsed = PostmarkInbound.safeParse(json);
  if (!parsed.success) throw new BadRequestError("Not a Postmark inbound message");
  const message = parsed.data;
  const envelopeTo = splitAddresses(message.OriginalRecipient ?? null);
  if (message.RawEmail) {
    const raw = Buffer.from(message.RawEmail, "utf8");
    requireMessageSize(raw.length);
    return { raw, envelopeTo };
  }
  // The fields' own size: rebuilding base64-encodes them, which must not push a message over the limit.
  const attachments = message.Attachments ?? [];
  requireMessageSize(
    Buffer.byteLength(message.HtmlBody ?? "") +
      Buffer.byteLength(message.TextBody ?? "") +
      attachments.reduce((sum, part) => sum + Math.floor((part.Content.length * 3) / 4), 0),
  );
  return { raw: rebuildMessage(message), envelopeTo };
}

function rebuildMessage(message: z.infer<typeof PostmarkInbound>): Buffer {
  const clean = (value: string) => value.replace(/[\r\n]+/g, " ");
  const skip = new Set(["from", "to", "cc", "subject", "date", "message-id", "content-type", "mime-version", "content-transfer-encoding"]);
  const messageId = message.Headers?.find((header) => header.Name.toLowerCase() === "message-id")?.Value || message.MessageID;
  const headers = [
    ...(message.From ? [`From: ${clean(message.From)}`] : []),
    ...(message.To ? [`To: ${clean(message.To)}`] : []),
    ...(message.Cc ? [`Cc: ${clean(message.Cc)}`] : []),
    `Subject: =?utf-8?B?${Buffer.from(message.Subject ?? "").toString("base64")}?=`,
    ...(message.Date ? [`Date: ${clean(message.Date)}`] : []),
    // Postmark's MessageID is its own id for the delivery; the sender's Message-ID, when it has one, is among the headers.
    ...(messageId ? [`Message-ID: <${clean(messageId).replace(/^<|>$/g, "")}>`] : []),
    ...(message.Headers ?? [])
      .filter((header) => !skip.has(header.Name.toLowerCase()))
      .map((header) => `${clean(header.Name)}: ${clean(header.Value)}`),
    "MIME-Version: 1.0",
  ];
  const boundary = `pb-${Date.now().toString(36)}`;
  const part = (type: string, text: string) =>
    `--${boundary}\r\nContent-Type: text/${type}; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(text).toString("base64")}\r\n`;
  const parts = [
    ...(message.TextBody ? [part("plain", message.TextBody)] : []),
    ...(message.HtmlBody ? [part("html", message.HtmlBody)] : []),
  ];
  const alternative = `Content-Type: multipart/alternative; boundary="${boundary}"\r\n\r\n${parts.join("")}--${boundary}--\r\n`;
  const attachments = message.Attachments ?? [];
  if (attachments.length === 0) return Buffer.from(`${headers.join("\r\n")}\r\n${alternative}`);
  // Attachments carry forwards (message/rfc822) and inline images (cid:); Postmark gives them base64-encoded.
  const mixed = `${boundary}-mixed`;
  const attachment = (item: (typeof attachments)[number]) => {
    const name = clean(item.Name ?? "attachment").replace(/"/g, "");
    const type = /^[\w.+-]+\/[\w.+-]+$/.test(item.ContentType ?? "") ? item.ContentType : "application/octet-stream";
    const cid = item.ContentID ? clean(item.ContentID).replace(/^<|>$/g, "") : null;
    const lines = [
      `Content-Type: ${type}; name="${name}"`,
      "Content-Transfer-Encoding: base64",
      `Content-Disposition: ${cid ? "inline" : "attachment"}; filename="${name}"`,
      ...(cid ? [`Content-ID: <${cid}>`] : []),
    ];
    return `--${mixed}\r\n${lines.join("\r\n")}\r\n\r\n${item.Content.replace(/[^A-Za-z0-9+/=]/g, "").replace(/.{76}/g, "$&\r\n")}\r\n`;
  };
  const body = `Content-Type: multipart/mixed; boundary="${mixed}"\r\n\r\n--${mixed}\r\n${alternative}${attachments.map(attachment).join("")}--${mixed}--\r\n`;
  return Buffer.from(`${headers.join("\r\n")}\r\n${body}`);
}

function splitAddresses(value: string | null): string[] {
  return (value ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean)
    .slice(0, 100);
}
