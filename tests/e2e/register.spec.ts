import { expect, test } from "@playwright/test";
import { newAccount, registerByApi } from "./support";

test("the register form explains each problem word for word", async ({ page, playwright, baseURL }) => {
  const existing = await playwright.request.newContext({ baseURL });
  const { account: taken } = await registerByApi(existing, newAccount("taken"));
  await existing.dispose();

  await page.goto("/register");
  const form = {
    name: page.getByLabel("Full name"),
    email: page.getByLabel("Email"),
    password: page.getByLabel("Password", { exact: true }),
    confirm: page.getByLabel("Confirm password"),
  };
  const submit = () => page.getByRole("button", { name: "Create account" }).click();
  const error = page.getByRole("form", { name: "Create account" }).getByRole("alert");

  await submit();
  await expect(error).toHaveText("All fields are required.");

  await form.name.fill("Ada Lovelace");
  await form.email.fill("ada@example.com");
  await form.password.fill("secret1");
  await form.confirm.fill("secret2");
  await submit();
  await expect(error).toHaveText("Passwords do not match.");

  await form.email.fill("ada-at-example");
  await form.confirm.fill("secret1");
  await submit();
  await expect(error).toHaveText("Please enter a valid email address.");

  await form.email.fill("ada@example.com");
  await form.password.fill("abc");
  await form.confirm.fill("abc");
  await submit();
  await expect(error).toHaveText("Password must be at least 6 characters long.");

  await form.email.fill(taken.email);
  await form.password.fill("secret12");
  await form.confirm.fill("secret12");
  await submit();
  await expect(error).toHaveText("Email already registered");
  await expect(page).toHaveURL(/\/register$/);

  await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
});
