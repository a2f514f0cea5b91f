import { expect, test } from "@playwright/test";
import { signMail } from "../support/dkim";
import { INBOUND_SECRET } from "./reading-support";
import { signedInReader } from "./support";

// The server asks the run's DNS server (tests/e2e/global-setup.ts) for the key test mail is signed with.

function message(to: string, subject: string): string {
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return [
    "From: Signal Weekly <editor@signal-weekly.example>",
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${id}@signal-weekly.example>`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    "",
    "<p>This week: careful notes on signals and noise, for every reader of the weekly.</p>",
  ].join("\r\n");
}

test("the issue page says whether the sender was verified, and for which domain", async ({ page }) => {
  const reader = await signedInReader(page);
  const post = async (raw: string) => {
    const response = await page.request.post("/api/inbound/email", {
      headers: { Authorization: `Bearer ${INBOUND_SECRET}`, "Content-Type": "message/rfc822" },
      data: Buffer.from(raw, "utf8"),
    });
    expect(response.status(), await response.text()).toBe(202);
    return ((await response.json()) as { emails: number[] }).emails[0];
  };
  const signed = await post(await signMail(message(reader.user.unique_email, "Signed edition")));
  const forged = await post(message(reader.user.unique_email, "Unsigned edition"));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/emails/${signed}`);
  await expect(page.getByRole("heading", { name: "Signed edition" })).toBeVisible();
  await expect(page.getByText("Verified sender: signal-weekly.example")).toBeVisible();

  await page.goto(`/emails/${forged}`);
  await expect(page.getByRole("heading", { name: "Unsigned edition" })).toBeVisible();
  await expect(page.getByText("Sender not verified")).toBeVisible();
  await expect(page.getByText(/Verified sender/)).toHaveCount(0);
});
