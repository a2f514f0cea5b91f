import { expect, test, type Route } from "@playwright/test";
import { articleHtml, deliver } from "./reading-support";
import { signedInReader } from "./support";

test("a like or a folder change the server refuses is undone on screen", async ({ page }) => {
  const { user } = await signedInReader(page);
  await deliver(page.request, user.unique_email, { subject: "Fragile issue", html: articleHtml("Fragile issue") });
  const folder = await page.request.post("/api/users/me/folders", { data: { name: "Shelf" } });
  expect(folder.status()).toBe(201);

  // Each refusal waits until the change has been seen applied, so it can be seen undone after.
  const refuseAfter = (seen: Promise<void>) => async (route: Route) => {
    await seen;
    await route.fulfill({ status: 500, json: { detail: "Internal server error" } });
  };
  let likeSeen = () => {};
  let folderSeen = () => {};
  await page.route("**/api/issues/*/interactions", refuseAfter(new Promise((resolve) => (likeSeen = resolve))));
  await page.route("**/api/users/me/folders/*/emails", refuseAfter(new Promise((resolve) => (folderSeen = resolve))));

  await page.goto("/feed");
  const card = page.getByRole("article", { name: "Fragile issue" });
  await card.getByRole("button", { name: "Like Fragile issue" }).click();
  await expect(card.getByRole("button", { name: "Unlike Fragile issue" })).toHaveAttribute("aria-pressed", "true");
  likeSeen();
  await expect(card.getByRole("button", { name: "Like Fragile issue" })).toHaveAttribute("aria-pressed", "false");

  await card.getByRole("button", { name: "Folders and favourites for Fragile issue" }).click();
  const dialog = page.getByRole("dialog", { name: "Folders and favourites" });
  await dialog.getByRole("checkbox", { name: "Shelf" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole("button", { name: "Folders and favourites for Fragile issue" }).locator("svg")).toHaveAttribute(
    "fill",
    "currentColor",
  );
  folderSeen();
  await expect(card.getByRole("button", { name: "Folders and favourites for Fragile issue" }).locator("svg")).toHaveAttribute(
    "fill",
    "none",
  );
  await card.getByRole("button", { name: "Folders and favourites for Fragile issue" }).click();
  await expect(dialog.getByRole("checkbox", { name: "Shelf" })).not.toBeChecked();

  const email = (await (await page.request.get("/api/issues/feed")).json()) as { items: { is_liked: boolean; folder_ids: number[] }[] };
  expect(email.items[0]).toMatchObject({ is_liked: false, folder_ids: [] });
});

test("a failed like, favourite, mark-read or folder list with no message from the server shows SPEC's fallback", async ({ page }) => {
  const { user } = await signedInReader(page);
  const id = await deliver(page.request, user.unique_email, { subject: "Quiet failure", html: articleHtml("Quiet failure") });
  // A failure without a body: the server gives no detail, so each screen names its operation.
  const silent = (route: Route) => route.fulfill({ status: 500, body: "" });
  await page.route("**/api/issues/*/interactions", silent);

  await page.goto("/feed");
  const card = page.getByRole("article", { name: "Quiet failure" });
  await card.getByRole("button", { name: "Like Quiet failure" }).click();
  await expect(card.getByRole("alert")).toHaveText("Failed to toggle like status");
  await expect(card.getByRole("button", { name: "Like Quiet failure" })).toHaveAttribute("aria-pressed", "false");

  await card.getByRole("button", { name: "Folders and favourites for Quiet failure" }).click();
  await expect(card.getByRole("alert")).toHaveCount(0);
  const dialog = page.getByRole("dialog", { name: "Folders and favourites" });
  await dialog.getByRole("checkbox", { name: "Favourite" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole("alert")).toHaveText("Failed to toggle favorite status");

  await page.goto(`/emails/${id}`);
  await expect(page.getByRole("alert").filter({ hasText: "Failed to mark email as read" })).toBeVisible();
  await page.getByRole("button", { name: "Like", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to toggle like status" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");

  await page.route("**/api/users/me/folders", (route) => (route.request().method() === "GET" ? silent(route) : route.continue()));
  await page.goto("/subscriptions");
  await expect(page.getByRole("navigation", { name: "Subscription lists" }).getByText("Failed to fetch folders")).toBeVisible();
});
