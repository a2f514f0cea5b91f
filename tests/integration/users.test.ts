import { describe, expect, it } from "vitest";
import { GET as unknownApi } from "@/app/api/[...path]/route";
import { GET as health } from "@/app/api/health/route";
import { PUT as putUniqueEmail } from "@/app/api/users/me/unique-email/route";
import { GET as getMe, PATCH as patchMe } from "@/app/api/users/me/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";

useDatabase();

const changeAddress = (user: TestUser, unique_email: unknown) =>
  call(putUniqueEmail, "/api/users/me/unique-email", { method: "PUT", cookie: user.cookie, body: { unique_email } });

describe("GET /api/users/me", () => {
  it("returns the signed-in user", async () => {
    const user = await registerUser("Mary Shelley");
    const result = await call(getMe, "/api/users/me", { cookie: user.cookie });
    expect(result).toEqual(
      expect.objectContaining({
        status: 200,
        body: {
          id: user.id,
          username: user.username,
          name: "Mary Shelley",
          email: user.email,
          unique_email: user.unique_email,
          model_metadata_field: { onboarded: false },
        },
      }),
    );
  });

  it("keeps the answer out of shared caches and the browser's cache", async () => {
    const user = await registerUser();
    const result = await call(getMe, "/api/users/me", { cookie: user.cookie });
    expect(result.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each([
    ["no cookie", undefined],
    ["a forged cookie", "paperboy.session_token=forged.signature"],
    ["an unrelated cookie", "theme=dark"],
  ])("answers %s with 401", async (_label, cookie) => {
    expect(await call(getMe, "/api/users/me", { cookie })).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
  });
});

describe("PATCH /api/users/me", () => {
  it("marks the user onboarded and renames them", async () => {
    const user = await registerUser();
    const result = await call(patchMe, "/api/users/me", {
      method: "PATCH",
      cookie: user.cookie,
      body: { name: "  New Name ", model_metadata_field: { onboarded: true } },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: user.id, name: "New Name", model_metadata_field: { onboarded: true } });
    expect((await call(getMe, "/api/users/me", { cookie: user.cookie })).body).toMatchObject({
      name: "New Name",
      model_metadata_field: { onboarded: true },
    });
  });

  it("refuses a blank name and a non-boolean onboarded flag with 422, changing nothing", async () => {
    const user = await registerUser("Kept Name");
    const blank = await call(patchMe, "/api/users/me", { method: "PATCH", cookie: user.cookie, body: { name: "   " } });
    expect(blank).toMatchObject({
      status: 422,
      body: { detail: "Name cannot be empty.", errors: [{ field: "name", message: "Name cannot be empty." }] },
    });
    const flag = await call(patchMe, "/api/users/me", {
      method: "PATCH",
      cookie: user.cookie,
      body: { model_metadata_field: { onboarded: "yes" } },
    });
    expect(flag.status).toBe(422);
    expect((await call(getMe, "/api/users/me", { cookie: user.cookie })).body).toMatchObject({
      name: "Kept Name",
      model_metadata_field: { onboarded: false },
    });
  });

  it("refuses a name PostgreSQL cannot store with 422, changing nothing", async () => {
    const user = await registerUser("Kept Name");
    for (const name of ["Ada\u0000", "\udfffAda"]) {
      const result = await call(patchMe, "/api/users/me", { method: "PATCH", cookie: user.cookie, body: { name } });
      expect(result, JSON.stringify(name)).toMatchObject({
        status: 422,
        body: { detail: "name cannot contain NUL characters or broken Unicode.", errors: [{ field: "name" }] },
      });
    }
    expect((await call(getMe, "/api/users/me", { cookie: user.cookie })).body).toMatchObject({ name: "Kept Name" });
  });

  it("refuses a body nested deeper than 32 levels with 400", async () => {
    const user = await registerUser();
    const rawBody = `{"name":"Deep","model_metadata_field":${'{"a":'.repeat(40)}1${"}".repeat(40)}}`;
    const result = await call(patchMe, "/api/users/me", {
      method: "PATCH",
      cookie: user.cookie,
      rawBody,
      headers: { "content-type": "application/json" },
    });
    expect(result).toMatchObject({ status: 400, body: { detail: "The body must not nest deeper than 32 levels" } });
  });

  it("answers 401 before looking at the body", async () => {
    expect(await call(patchMe, "/api/users/me", { method: "PATCH", rawBody: "{oops" })).toMatchObject({ status: 401 });
  });
});

describe("PUT /api/users/me/unique-email", () => {
  it("accepts a bare local part and a full address on the mail domain, lower-cased", async () => {
    const user = await registerUser();
    const local = `reader${user.id}`;
    expect(await changeAddress(user, local.toUpperCase())).toMatchObject({
      status: 200,
      body: { unique_email: `${local}@paperboy.localhost` },
    });
    expect(await changeAddress(user, `${local}.two@paperboy.localhost`)).toMatchObject({
      status: 200,
      body: { unique_email: `${local}.two@paperboy.localhost` },
    });
    expect((await call(getMe, "/api/users/me", { cookie: user.cookie })).body).toMatchObject({
      unique_email: `${local}.two@paperboy.localhost`,
    });
  });

  it.each([
    ["ab", "The address must be 3 to 40 characters long."],
    ["-dash", "Use only letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit."],
    ["someone@gmail.com", "The address must be on paperboy.localhost."],
    ["postmaster", "This address is reserved. Please choose another."],
    ["abuse", "This address is reserved. Please choose another."],
    ["admin", "This address is reserved. Please choose another."],
    ["root", "This address is reserved. Please choose another."],
    ["noreply", "This address is reserved. Please choose another."],
  ])("refuses %j with 422", async (input, message) => {
    const user = await registerUser();
    expect(await changeAddress(user, input)).toMatchObject({
      status: 422,
      body: { detail: message, errors: [{ field: "unique_email", message }] },
    });
    expect((await call(getMe, "/api/users/me", { cookie: user.cookie })).body).toMatchObject({ unique_email: user.unique_email });
  });

  it("refuses a missing or non-string unique_email with 422", async () => {
    const user = await registerUser();
    expect((await changeAddress(user, undefined)).status).toBe(422);
    expect((await changeAddress(user, 42)).status).toBe(422);
  });

  it("answers 409 for another user's current or earlier address", async () => {
    const holder = await registerUser();
    const other = await registerUser();
    const earlier = holder.unique_email;
    expect((await changeAddress(holder, `moved${holder.id}`)).status).toBe(200);
    expect(await changeAddress(other, earlier)).toMatchObject({ status: 409, body: { detail: "This address is already taken." } });
    expect(await changeAddress(other, `moved${holder.id}`)).toMatchObject({ status: 409 });
  });

  it("lets a user go back to an address they held before", async () => {
    const user = await registerUser();
    expect((await changeAddress(user, `elsewhere${user.id}`)).status).toBe(200);
    expect(await changeAddress(user, user.unique_email)).toMatchObject({ status: 200, body: { unique_email: user.unique_email } });
  });

  it("throttles address changes with 429 and Retry-After", async () => {
    const holder = await registerUser();
    const prober = await registerUser();
    let last = await changeAddress(prober, holder.unique_email);
    for (let attempt = 0; attempt < 30 && last.status !== 429; attempt++) last = await changeAddress(prober, holder.unique_email);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("GET /api/health", () => {
  it("reports the database as ok", async () => {
    expect(await call(health, "/api/health")).toMatchObject({ status: 200, body: { status: "ok", database: "ok" } });
  });
});

describe("unknown /api paths", () => {
  it("answer 401 without a session and 404 with one", async () => {
    expect(await call(unknownApi, "/api/nope")).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
    const user = await registerUser();
    expect(await call(unknownApi, "/api/nope", { cookie: user.cookie })).toMatchObject({ status: 404, body: { detail: "Not found" } });
  });
});
