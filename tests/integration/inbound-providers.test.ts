import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { registerUser, useDatabase } from "../support/api";
import { deliver, emailRow, MAILGUN_KEY, mail, POSTMARK, uniqueSender } from "./inbound-support";

useDatabase();

type Stored = { message_id: number; emails: number[] };

async function postMailgun(fields: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const { POST } = await import("@/app/api/inbound/mailgun/route");
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await POST(new Request(new URL("/api/inbound/mailgun", process.env.APP_URL), { method: "POST", body: form }));
  return { status: response.status, body: await response.json() };
}

function signed(mime: string, recipient: string, ageSeconds = 0, key = MAILGUN_KEY): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000) - ageSeconds);
  const token = randomBytes(25).toString("hex");
  const signature = createHmac("sha256", key)
    .update(timestamp + token)
    .digest("hex");
  return { timestamp, token, signature, recipient, "body-mime": mime };
}

async function postPostmark(
  payload: unknown,
  authorization = `Basic ${Buffer.from(`${POSTMARK.user}:${POSTMARK.password}`).toString("base64")}`,
) {
  const { POST } = await import("@/app/api/inbound/postmark/route");
  const response = await POST(
    new Request(new URL("/api/inbound/postmark", process.env.APP_URL), {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify(payload),
    }),
  );
  return { status: response.status, body: await response.json() };
}

describe("POST /api/inbound/mailgun", () => {
  it("stores a signed body-mime post (202), then answers 200 for the same message", async () => {
    const reader = await registerUser();
    const mime = mail({ to: reader.unique_email, from: uniqueSender() });
    const first = await postMailgun(signed(mime, reader.unique_email));
    expect(first.status).toBe(202);
    expect((await emailRow((first.body as Stored).emails[0])).userId).toBe(reader.id);
    const second = await postMailgun(signed(mime, reader.unique_email));
    expect(second).toEqual({ status: 200, body: first.body });
  });

  it("refuses a wrong signature, another key and a timestamp older than 5 minutes with 401", async () => {
    const reader = await registerUser();
    const mime = mail({ to: reader.unique_email });
    const forged = { ...signed(mime, reader.unique_email), signature: "0".repeat(64) };
    expect(await postMailgun(forged)).toEqual({ status: 401, body: { detail: "Invalid signature" } });
    expect((await postMailgun(signed(mime, reader.unique_email, 0, "another-key"))).status).toBe(401);
    expect((await postMailgun(signed(mime, reader.unique_email, 6 * 60))).status).toBe(401);
  });

  it("refuses a captured signature replayed with another message or recipient, but takes Mailgun's retry of the same post", async () => {
    const reader = await registerUser();
    const victim = await registerUser();
    const post = signed(mail({ to: reader.unique_email, from: uniqueSender() }), reader.unique_email);
    const first = await postMailgun(post);
    expect(first.status).toBe(202);
    expect(await postMailgun(post)).toEqual({ status: 200, body: first.body });
    const forged = {
      ...post,
      "body-mime": mail({ to: victim.unique_email, from: uniqueSender(), subject: "Reset your password here" }),
      recipient: victim.unique_email,
    };
    expect(await postMailgun(forged)).toEqual({ status: 401, body: { detail: "Invalid signature" } });
    expect(await postMailgun({ ...post, recipient: victim.unique_email })).toEqual({ status: 401, body: { detail: "Invalid signature" } });
  });

  it("answers 404 for an unknown recipient and 400 without body-mime", async () => {
    expect((await postMailgun(signed(mail({ to: "ghost-reader@paperboy.localhost" }), "ghost-reader@paperboy.localhost"))).status).toBe(
      404,
    );
    const withoutMime = signed("x", "x@paperboy.localhost");
    delete withoutMime["body-mime"];
    expect((await postMailgun(withoutMime)).status).toBe(400);
  });
});

/** A message of exactly `size` bytes (MAX_MESSAGE_BYTES is 1000000 in these tests). */
function messageOfSize(to: string, size: number): string {
  const head = mail({ to, from: uniqueSender(), html: "" });
  const filler = "Words of a long issue. ".repeat(Math.ceil(size / 23)).slice(0, size - Buffer.byteLength(head) - 7);
  return `${head}<p>${filler}</p>`;
}

describe("MAX_MESSAGE_BYTES through the providers", () => {
  it("accepts a message of exactly MAX_MESSAGE_BYTES, though the form or JSON around it is larger, and refuses one byte more with 413", async () => {
    const reader = await registerUser();
    const exact = messageOfSize(reader.unique_email, 1_000_000);
    expect(Buffer.byteLength(exact)).toBe(1_000_000);
    expect((await postMailgun(signed(exact, reader.unique_email))).status).toBe(202);
    expect(
      (await postPostmark({ RawEmail: messageOfSize(reader.unique_email, 1_000_000), OriginalRecipient: reader.unique_email })).status,
    ).toBe(202);
    const over = messageOfSize(reader.unique_email, 1_000_001);
    expect(await postMailgun(signed(over, reader.unique_email))).toEqual({ status: 413, body: { detail: "Message too large" } });
    expect((await postPostmark({ RawEmail: over, OriginalRecipient: reader.unique_email })).status).toBe(413);
  });
});

describe("NUL bytes in a provider's recipient field", () => {
  it("are dropped, not a 500: Postmark's OriginalRecipient and Mailgun's recipient", async () => {
    const reader = await registerUser();
    const postmark = await postPostmark({ RawEmail: mail({ to: reader.unique_email, from: uniqueSender() }), OriginalRecipient: "\u0000" });
    expect(postmark.status).toBe(202);
    const mailgun = await postMailgun(signed(mail({ to: reader.unique_email, from: uniqueSender() }), `${reader.unique_email},\u0000`));
    expect(mailgun.status).toBe(202);
  });
});

describe("POST /api/inbound/postmark", () => {
  it("stores RawEmail when present", async () => {
    const reader = await registerUser();
    const result = await postPostmark({
      RawEmail: mail({ to: reader.unique_email, from: uniqueSender() }),
      OriginalRecipient: reader.unique_email,
    });
    expect(result.status).toBe(202);
    expect((await emailRow((result.body as Stored).emails[0])).subject).toBe("This week in digests");
  });

  it("rebuilds the message from Postmark's fields when RawEmail is absent", async () => {
    const reader = await registerUser();
    const result = await postPostmark({
      From: `Field Letter <${uniqueSender()}>`,
      To: reader.unique_email,
      OriginalRecipient: reader.unique_email,
      Subject: "Déjà vu from fields",
      Date: "Tue, 01 Mar 2022 10:00:00 +0000",
      MessageID: `${randomBytes(8).toString("hex")}@postmark.example`,
      HtmlBody: "<p>Rebuilt from the JSON fields, with an accent: café.</p>",
      TextBody: "Rebuilt from the JSON fields.",
      Headers: [{ Name: "List-Id", Value: "Field Letter <field.letter.example>" }],
    });
    expect(result.status).toBe(202);
    const row = await emailRow((result.body as Stored).emails[0]);
    expect(row).toMatchObject({ subject: "Déjà vu from fields", senderName: "Field Letter" });
    expect(row.bodyHtml).toContain("café");
  });

  it("rebuilds attachments without RawEmail: a forward as attachment is filed under its original sender, a cid image is shown", async () => {
    const reader = await registerUser();
    const original = [
      "From: Tomasz Tunguz <blog@tomtunguz.com>",
      "To: reader.person@gmail.com",
      "Subject: Grey Skies in Cloud Earnings",
      "Date: Fri, 28 Oct 2022 19:15:00 +0000",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>Cloud earnings were grey this quarter as growth slowed across the board.</p>",
    ].join("\r\n");
    const pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const result = await postPostmark({
      From: "Reader Person <reader.person@gmail.com>",
      To: reader.unique_email,
      OriginalRecipient: reader.unique_email,
      Subject: "Fwd: Grey Skies in Cloud Earnings",
      Date: "Tue, 01 Mar 2022 10:00:00 +0000",
      MessageID: `${randomBytes(8).toString("hex")}@postmark.example`,
      HtmlBody: '<p>See attached.</p><img src="cid:chart@x" width="400" height="300" alt="Chart">',
      Attachments: [
        { Name: "original.eml", ContentType: "message/rfc822", Content: Buffer.from(original).toString("base64") },
        { Name: "chart.png", ContentType: "image/png", ContentID: "<chart@x>", Content: pixel },
      ],
    });
    expect(result.status).toBe(202);
    const row = await emailRow((result.body as Stored).emails[0]);
    expect(row).toMatchObject({ isForwarded: true, senderEmail: "blog@tomtunguz.com", subject: "Grey Skies in Cloud Earnings" });
    expect(row.dateReceived.toISOString()).toBe("2022-10-28T19:15:00.000Z");

    const inline = await postPostmark({
      From: `Chart Letter <${uniqueSender()}>`,
      To: reader.unique_email,
      OriginalRecipient: reader.unique_email,
      Subject: "Charts",
      MessageID: `${randomBytes(8).toString("hex")}@postmark.example`,
      HtmlBody: '<p>This week in charts, with one chart to start.</p><img src="cid:chart@x" width="400" height="300" alt="Chart">',
      Attachments: [{ Name: "chart.png", ContentType: "image/png", ContentID: "<chart@x>", Content: pixel }],
    });
    expect((await emailRow((inline.body as Stored).emails[0])).bodyHtml).toContain('<img src="data:image/png;base64,');
  });

  it("keys a rebuilt message by the sender's Message-ID, so the same mail through the raw route is a duplicate (200)", async () => {
    const reader = await registerUser();
    const messageId = `<${randomBytes(8).toString("hex")}@sender.example.com>`;
    const from = `Field Letter <${uniqueSender()}>`;
    const viaPostmark = await postPostmark({
      From: from,
      To: reader.unique_email,
      OriginalRecipient: reader.unique_email,
      Subject: "One message, two routes",
      MessageID: "b7bc2f4a-e38e-4336-af7d-e6c392c2f817",
      HtmlBody: "<p>The same message, delivered twice.</p>",
      Headers: [{ Name: "Message-ID", Value: messageId }],
    });
    expect(viaPostmark.status).toBe(202);
    const viaRaw = await deliver(mail({ to: reader.unique_email, from, messageId, subject: "One message, two routes" }));
    expect(viaRaw.status).toBe(200);
    expect((viaRaw.body as Stored).emails).toEqual((viaPostmark.body as Stored).emails);
  });

  it("refuses missing or wrong basic auth with 401 and malformed JSON with 400", async () => {
    expect((await postPostmark({ RawEmail: "x" }, "")).status).toBe(401);
    expect((await postPostmark({ RawEmail: "x" }, `Basic ${Buffer.from("postmark-user:nope").toString("base64")}`)).status).toBe(401);
    const { POST } = await import("@/app/api/inbound/postmark/route");
    const authorization = `Basic ${Buffer.from(`${POSTMARK.user}:${POSTMARK.password}`).toString("base64")}`;
    const response = await POST(
      new Request(new URL("/api/inbound/postmark", process.env.APP_URL), { method: "POST", headers: { authorization }, body: "{not json" }),
    );
    expect(response.status).toBe(400);
  });
});
