import { expect, test } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { audit } from "./accessibility-support";
import { signedInReader } from "./support";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a reader makes an address for one newsletter, copies it, sees a second sender flagged as a leak, turns it off and deletes it", async ({
  page,
}) => {
  await signedInReader(page);
  await page.goto("/settings#addresses");
  const section = page.getByRole("region", { name: "Addresses" });
  await expect(section.getByText("You have no extra addresses yet.")).toBeVisible();
  // The link lands on the section even though the page fills in after it loads.
  await expect(section.getByRole("heading", { name: "Addresses" })).toBeInViewport();

  await section.getByLabel("Label (optional)").fill("Field Notes");
  await section.getByRole("button", { name: "New address" }).click();
  const ready = section.getByRole("status");
  await expect(ready).toContainText(" is ready. Give it to one newsletter.");
  const address = ((await ready.textContent()) ?? "").replace(" is ready. Give it to one newsletter.", "");
  expect(address).toMatch(/^[a-z0-9._-]+\.[a-z0-9]{6}@/);

  const item = section.getByRole("listitem").filter({ hasText: address });
  await expect(item.getByRole("heading", { name: "Field Notes" })).toBeVisible();
  await expect(item).toContainText("No mail yet");
  await item.getByRole("button", { name: `Copy ${address}` }).click();
  await expect(item.getByRole("button", { name: `Copied! ${address}` })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // The newsletter it was made for writes, then someone it was passed on to.
  await deliver(page.request, address, { subject: "Field notes, week 1", html: articleHtml("Field notes, week 1") });
  await page.reload();
  await expect(item).toContainText("1 sender: notes@fieldnotes.example");
  await expect(item.getByText("Leaked?")).toBeHidden();
  await deliver(page.request, address, {
    subject: "A deal just for you",
    from: "Deals <deals@partner-offers.example>",
    html: articleHtml("A deal just for you"),
  });
  await page.reload();
  await expect(item.getByText("Leaked?")).toBeVisible();
  await expect(item).toContainText("Senders, first one first: notes@fieldnotes.example, deals@partner-offers.example");
  expect(await audit(page, "/settings with a leaked address")).toEqual([]);

  const receive = item.getByRole("switch", { name: `Receive mail at ${address}` });
  await expect(receive).toHaveAttribute("aria-checked", "true");
  await receive.click();
  await expect(receive).toHaveAttribute("aria-checked", "false");
  await expect(item).toContainText("Off: mail to this address is refused, as if it did not exist.");
  await page.reload();
  await expect(receive).toHaveAttribute("aria-checked", "false");
  expect(await audit(page, "/settings with an address turned off")).toEqual([]);
  const refused = await page.request.post("/api/inbound/email", {
    headers: { Authorization: "Bearer e2e-inbound-secret", "Content-Type": "message/rfc822" },
    data: Buffer.from(`From: Deals <deals@partner-offers.example>\r\nTo: ${address}\r\nSubject: Another deal\r\n\r\nBuy now.`),
  });
  expect(refused.status()).toBe(404);

  await item.getByRole("button", { name: `Edit label of ${address}` }).click();
  await item.getByRole("textbox", { name: "Label", exact: true }).fill("Field Notes (leaked)");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(item.getByRole("heading", { name: "Field Notes (leaked)" })).toBeVisible();

  page.once("dialog", (dialog) => dialog.dismiss());
  await item.getByRole("button", { name: `Delete ${address}` }).click();
  await expect(item).toBeVisible();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(
      `Delete ${address}? Mail sent to it will be refused from now on, and no one can take the address again. Issues it already brought stay in your feed.`,
    );
    return dialog.accept();
  });
  await item.getByRole("button", { name: `Delete ${address}` }).click();
  await expect(item).toBeHidden();
  await expect(section.getByText("You have no extra addresses yet.")).toBeVisible();
});
