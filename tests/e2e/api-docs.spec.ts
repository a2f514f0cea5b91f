import { expect, test } from "@playwright/test";

test("another program finds the API described at /api/openapi.json, without signing in", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths["/api/users/me/tokens"])).toEqual(["get", "post"]);
  expect(document.paths["/api/issues/feed"]).toHaveProperty("get");
});

test("/api/docs renders the API reference from this server alone, within its content security policy", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // Redoc's footer always tries its maker's logo from their CDN: the page's policy refuses it (the image
  // then hides itself), so nothing is fetched from another site, and that refusal is the only error.
  const origin = new URL(baseURL!).origin;
  const reached: string[] = [];
  page.on("requestfinished", (sent) => {
    const url = new URL(sent.url());
    if (!["blob:", "data:"].includes(url.protocol) && url.origin !== origin) reached.push(sent.url());
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("https://cdn.redoc.ly/redoc/logo-mini.svg")) errors.push(message.text());
  });

  const response = await page.goto("/api/docs");
  expect(response!.headers()["content-security-policy"]).toContain("script-src 'self'");
  // Redoc renders the whole document in the browser: the first load of a cold server takes longest, past 30 s
  // beside the other worker on a loaded 2-core machine, where a retry then cost the journey twice over.
  await expect(page.getByRole("heading", { name: /Paperboy API/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Authorization: Bearer", { exact: false }).first()).toBeVisible();
  // Each path is listed under its tag, and described in a section of its own.
  await page.getByRole("menuitem", { name: "tokens", exact: true }).click();
  await expect(page.getByRole("menu").getByText("DELETE /api/users/me/tokens/{tokenId}")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: "POST /api/users/me/tokens" })).toBeVisible();

  expect(reached).toEqual([]);
  expect(errors).toEqual([]);
});
