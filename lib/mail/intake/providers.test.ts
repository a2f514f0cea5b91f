import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";

process.env.MAILGUN_SIGNING_KEY = "unit-signing-key";
const { mailgunMessage } = await import("./providers");

const now = Date.UTC(2026, 0, 10, 12, 0, 0, 900);

async function post(timestamp: string) {
  const token = "a".repeat(50);
  const form = new FormData();
  form.set("timestamp", timestamp);
  form.set("token", token);
  form.set(
    "signature",
    createHmac("sha256", "unit-signing-key")
      .update(timestamp + token)
      .digest("hex"),
  );
  form.set("body-mime", "From: a@b.example\r\n\r\nx");
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return mailgunMessage(body, request.headers.get("content-type") ?? "", now);
}

describe("mailgunMessage", () => {
  it("accepts a timestamp exactly 5 minutes old, in the whole seconds Mailgun signs, and refuses one a second older", async () => {
    const seconds = Math.floor(now / 1000);
    await expect(post(String(seconds - 300))).resolves.toMatchObject({ envelopeTo: [] });
    await expect(post(String(seconds - 301))).rejects.toMatchObject({ status: 401 });
  });
});
