// First: it sets the inbound secret before lib/env is read.
import { deliver, mail, startSmtpReceiver, uniqueSender, type SmtpReceiver } from "./inbound-support";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteMe } from "@/app/api/users/me/route";
import { DELETE as deleteAddress, PATCH as patchAddress } from "@/app/api/users/me/addresses/[addressId]/route";
import { GET as listAddresses, POST as createAddress } from "@/app/api/users/me/addresses/route";
import { GET as getDeliveries } from "@/app/api/users/me/deliveries/route";
import { GET as getFeed } from "@/app/api/issues/feed/route";
import { POST as subscribe } from "@/app/api/newsletters/subscribe/route";
import { PUT as putUniqueEmail } from "@/app/api/users/me/unique-email/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedEmail, seedNewsletter } from "../support/seed";

useDatabase();

const SLOW = 120_000;
const DOMAIN = "paperboy.localhost";

type Address = {
  id: number;
  address: string;
  label: string | null;
  enabled: boolean;
  created_at: string;
  last_mail_at: string | null;
  senders: string[];
  leaked: boolean;
};

let receiver: SmtpReceiver;
beforeAll(async () => {
  receiver = await startSmtpReceiver();
});
afterAll(() => receiver.close());

const create = (user: TestUser, body: unknown = {}) =>
  call(createAddress, "/api/users/me/addresses", { method: "POST", cookie: user.cookie, body });
const created = async (user: TestUser, body: unknown = {}) => {
  const result = await create(user, body);
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body as Address;
};
const list = async (user: TestUser) => {
  const result = await call(listAddresses, "/api/users/me/addresses", { cookie: user.cookie });
  expect(result.status).toBe(200);
  return (result.body as { items: Address[] }).items;
};
const patch = (user: TestUser, id: number | string, body: unknown) =>
  call(patchAddress, `/api/users/me/addresses/${id}`, { method: "PATCH", cookie: user.cookie, body, params: { addressId: String(id) } });
const remove = (user: TestUser, id: number | string) =>
  call(deleteAddress, `/api/users/me/addresses/${id}`, { method: "DELETE", cookie: user.cookie, params: { addressId: String(id) } });
const feedTotal = async (user: TestUser) =>
  ((await call(getFeed, "/api/issues/feed", { cookie: user.cookie })).body as { total_items: number }).total_items;
const deliveries = async (user: TestUser) =>
  (
    (await call(getDeliveries, "/api/users/me/deliveries", { cookie: user.cookie })).body as {
      items: { recipient: string; from: string }[];
    }
  ).items;
const rcptCode = async (address: string) =>
  (await receiver.session(["EHLO sender.example", "MAIL FROM:<a@sender.example>", `RCPT TO:<${address}>`, "QUIT"]))[3];
const localPart = () => `extra-${randomUUID().slice(0, 8)}`;

describe("POST /api/users/me/addresses", () => {
  it("makes a random address from the username with no local part given, and the one asked for, labelled", async () => {
    const user = await registerUser("Addie Extra");
    const random = await created(user);
    expect(random).toEqual({
      id: expect.any(Number),
      address: expect.stringMatching(new RegExp(`^${user.username.replace(/\./g, "\\.")}\\.[a-z2-9]{6}@${DOMAIN}$`)),
      label: null,
      enabled: true,
      created_at: expect.any(String),
      last_mail_at: null,
      senders: [],
      leaked: false,
    });
    const wanted = localPart();
    const named = await created(user, { local_part: ` ${wanted.toUpperCase()}@${DOMAIN.toUpperCase()} `, label: "  The Morning Post " });
    expect(named).toMatchObject({ address: `${wanted}@${DOMAIN}`, label: "The Morning Post", enabled: true, senders: [], leaked: false });
    expect(await list(user)).toEqual([named, random]);
  });

  it("answers 422 with the field for an invalid local part, label or body, and 401 without a session", async () => {
    const user = await registerUser();
    for (const local_part of ["ab", "x".repeat(41), "bad local", "-dash", "postmaster", `fine-name@elsewhere.example`, 42]) {
      expect(await create(user, { local_part }), String(local_part)).toMatchObject({
        status: 422,
        body: { detail: expect.any(String), errors: [{ field: "local_part" }] },
      });
    }
    expect(await create(user, { label: "x".repeat(81) })).toMatchObject({ status: 422, body: { errors: [{ field: "label" }] } });
    expect(await create(user, { label: 7 })).toMatchObject({ status: 422, body: { errors: [{ field: "label" }] } });
    expect((await call(createAddress, "/api/users/me/addresses", { method: "POST", cookie: user.cookie, rawBody: "{" })).status).toBe(400);
    expect(await list(user)).toEqual([]);
    expect((await call(createAddress, "/api/users/me/addresses", { method: "POST", body: {} })).status).toBe(401);
    expect((await call(listAddresses, "/api/users/me/addresses")).status).toBe(401);
  });

  it("answers 409 for an address anyone holds or held: a unique one, an extra one, the reader's own", async () => {
    const user = await registerUser();
    const other = await registerUser();
    const theirs = await created(other);
    for (const taken of [other.unique_email, user.unique_email, theirs.address]) {
      expect(await create(user, { local_part: taken }), taken).toEqual({
        status: 409,
        body: { detail: "This address is already taken." },
        headers: expect.anything(),
        cookie: "",
      });
    }
    expect(await list(user)).toEqual([]);
  });

  it("throttles asking for chosen names with the unique-address change, from one budget: 429 with Retry-After, whatever the door", async () => {
    const holder = await registerUser();
    const prober = await registerUser();
    const statuses: number[] = [];
    // Probing whether a name is taken: fifteen through each door, then the next asks of either are refused.
    for (let attempt = 0; attempt < 15; attempt++) statuses.push((await create(prober, { local_part: holder.unique_email })).status);
    for (let attempt = 0; attempt < 15; attempt++) {
      const changed = await call(putUniqueEmail, "/api/users/me/unique-email", {
        method: "PUT",
        cookie: prober.cookie,
        body: { unique_email: holder.unique_email },
      });
      statuses.push(changed.status);
    }
    expect(statuses).toEqual(Array<number>(30).fill(409));
    const refused = await create(prober, { local_part: holder.unique_email });
    expect(refused).toMatchObject({ status: 429, body: { detail: expect.any(String) } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await create(prober, { local_part: `free-${randomUUID().slice(0, 8)}` })).status).toBe(429);
    // A random name answers no question: it is still made. Another reader's budget is their own.
    expect((await create(prober)).status).toBe(201);
    expect((await create(holder, { local_part: `mine-${randomUUID().slice(0, 8)}` })).status).toBe(201);
  });

  it(
    "answers 422 past 100 extra addresses, and makes one again once one is deleted",
    async () => {
      const user = await registerUser();
      const made: Address[] = [];
      for (let index = 0; index < 100; index++) made.push(await created(user));
      expect(await create(user)).toMatchObject({
        status: 422,
        body: { detail: expect.stringContaining("at most 100"), errors: [{ field: "local_part" }] },
      });
      expect(await list(user)).toHaveLength(100);
      expect((await remove(user, made[0].id)).status).toBe(204);
      expect((await create(user)).status).toBe(201);
    },
    SLOW,
  );
});

describe("PATCH and DELETE /api/users/me/addresses/{id}", () => {
  it("relabels, disables and enables an address, and answers 404 for another reader's or an unknown one", async () => {
    const user = await registerUser();
    const other = await registerUser();
    const address = await created(user, { label: "Before" });
    expect(await patch(user, address.id, { label: "After" })).toMatchObject({ status: 200, body: { ...address, label: "After" } });
    expect(await patch(user, address.id, { enabled: false })).toMatchObject({ status: 200, body: { label: "After", enabled: false } });
    expect(await patch(user, address.id, { label: "", enabled: true })).toMatchObject({
      status: 200,
      body: { label: null, enabled: true },
    });
    expect(await patch(user, address.id, {})).toMatchObject({ status: 200, body: { id: address.id, label: null, enabled: true } });
    expect(await patch(user, address.id, { enabled: "no" })).toMatchObject({ status: 422, body: { errors: [{ field: "enabled" }] } });
    expect(await patch(user, address.id, { label: "x".repeat(81) })).toMatchObject({ status: 422, body: { errors: [{ field: "label" }] } });
    expect(await patch(other, address.id, { enabled: false })).toMatchObject({ status: 404, body: { detail: "Address not found" } });
    expect(await remove(other, address.id)).toMatchObject({ status: 404, body: { detail: "Address not found" } });
    expect((await patch(user, 2_000_000_000, { enabled: false })).status).toBe(404);
    expect((await remove(user, 2_000_000_000)).status).toBe(404);
    expect((await patch(user, "abc", { enabled: false })).status).toBe(404);
    expect((await list(user))[0]).toMatchObject({ enabled: true });
    expect(
      (
        await call(patchAddress, `/api/users/me/addresses/${address.id}`, {
          method: "PATCH",
          body: {},
          params: { addressId: String(address.id) },
        })
      ).status,
    ).toBe(401);
  });

  it("keeps the reader's unique address out of reach: it is not an extra one", async () => {
    const user = await registerUser();
    const made = await created(user, { local_part: localPart() });
    expect(
      (
        await call(putUniqueEmail, "/api/users/me/unique-email", {
          method: "PUT",
          cookie: user.cookie,
          body: { unique_email: made.address },
        })
      ).status,
    ).toBe(200);
    expect(await list(user)).toEqual([]);
    expect((await patch(user, made.id, { enabled: false })).status).toBe(404);
    expect((await remove(user, made.id)).status).toBe(404);
    expect((await deliver(mail({ to: made.address, from: uniqueSender() }))).status).toBe(202);
  });

  it("deletes an address for good: its mail is refused and nobody can take it again", async () => {
    const user = await registerUser();
    const other = await registerUser();
    const address = await created(user);
    expect(await remove(user, address.id)).toMatchObject({ status: 204, body: null });
    expect(await list(user)).toEqual([]);
    expect(await deliver(mail({ to: address.address, from: uniqueSender() }))).toEqual({
      status: 404,
      body: { detail: "Unknown recipient" },
    });
    expect(await rcptCode(address.address)).toBe(550);
    expect((await create(user, { local_part: address.address })).status).toBe(409);
    expect((await create(other, { local_part: address.address })).status).toBe(409);
    expect(
      (
        await call(putUniqueEmail, "/api/users/me/unique-email", {
          method: "PUT",
          cookie: other.cookie,
          body: { unique_email: address.address },
        })
      ).status,
    ).toBe(409);
    expect((await remove(user, address.id)).status).toBe(404);
  });

  it("retires a reader's extra addresses with their account", async () => {
    const user = await registerUser();
    const address = await created(user);
    expect(
      (await call(deleteMe, "/api/users/me", { method: "DELETE", cookie: user.cookie, body: { password: user.password } })).status,
    ).toBe(204);
    expect((await deliver(mail({ to: address.address, from: uniqueSender() }))).status).toBe(404);
    expect((await create(await registerUser(), { local_part: address.address })).status).toBe(409);
  });
});

describe("mail to an extra address", () => {
  it("is filed for its owner, named in the delivery log, and counted in senders and last_mail_at", async () => {
    const user = await registerUser();
    const address = await created(user);
    const sender = uniqueSender();
    const tagged = address.address.replace("@", "+weekly@");
    expect(await deliver(mail({ to: tagged.toUpperCase(), from: `News <${sender}>` }))).toMatchObject({
      status: 202,
      body: { emails: [expect.any(Number)] },
    });
    expect(await deliver(mail({ to: address.address, from: sender, subject: "Second" }))).toMatchObject({ status: 202 });
    expect(await feedTotal(user)).toBe(2);
    expect((await deliveries(user)).map((entry) => entry.recipient)).toEqual([address.address, tagged]);
    const [listed] = await list(user);
    expect(listed).toMatchObject({ id: address.id, senders: [sender], leaked: false, last_mail_at: expect.any(String) });
    expect(Date.now() - Date.parse(listed.last_mail_at ?? "")).toBeLessThan(60_000);
    expect(await rcptCode(address.address)).toBe(250);
  });

  it("is refused as to an unknown recipient while the address is disabled: 404 on the webhook, 550 over SMTP", async () => {
    const user = await registerUser();
    const address = await created(user);
    await patch(user, address.id, { enabled: false });
    expect(await deliver(mail({ to: address.address, from: uniqueSender() }))).toEqual({
      status: 404,
      body: { detail: "Unknown recipient" },
    });
    expect(await rcptCode(address.address)).toBe(550);
    expect(await feedTotal(user)).toBe(0);
    expect((await deliver(mail({ to: user.unique_email, from: uniqueSender() }))).status).toBe(202);
    await patch(user, address.id, { enabled: true });
    expect((await deliver(mail({ to: address.address, from: uniqueSender() }))).status).toBe(202);
    expect(await rcptCode(address.address)).toBe(250);
    expect(await feedTotal(user)).toBe(2);
  });

  it("is flagged leaked once an unrelated sender writes after the first, not for the first sender's other domains' mail", async () => {
    const user = await registerUser();
    const address = await created(user, { label: "Shop" });
    const brand = `brand-${randomUUID().slice(0, 8)}.co.uk`;
    await deliver(mail({ to: address.address, from: `news@${brand}` }));
    await deliver(mail({ to: address.address, from: `offers@mail.${brand}` }));
    expect((await list(user))[0]).toMatchObject({ senders: [`news@${brand}`, `offers@mail.${brand}`], leaked: false });
    const spammer = uniqueSender();
    await deliver(mail({ to: address.address, from: spammer }));
    expect((await list(user))[0]).toMatchObject({ senders: [`news@${brand}`, `offers@mail.${brand}`, spammer], leaked: true });
    const unrelatedTwoLevel = `other-${randomUUID().slice(0, 8)}.co.uk`;
    const second = await created(user);
    await deliver(mail({ to: second.address, from: `news@${brand}` }));
    await deliver(mail({ to: second.address, from: `hi@${unrelatedTwoLevel}` }));
    expect((await list(user))[0]).toMatchObject({ id: second.id, leaked: true });
  });
});

describe("POST /api/newsletters/subscribe with new_address", () => {
  const follow = (user: TestUser, body: unknown) =>
    call(subscribe, "/api/newsletters/subscribe", { method: "POST", cookie: user.cookie, body });

  it("subscribes and makes a fresh address labelled with the newsletter's name, which files its mail", async () => {
    const user = await registerUser();
    const newsletterId = await seedNewsletter({ name: "Open Letter", isPublic: true });
    const result = await follow(user, { newsletter_metadata_id: newsletterId, new_address: true });
    expect(result).toMatchObject({
      status: 200,
      body: {
        newsletter_id: newsletterId,
        subscription: { newsletterId, status: "active" },
        address: {
          id: expect.any(Number),
          address: expect.stringMatching(`@${DOMAIN}$`),
          label: "Open Letter",
          enabled: true,
          senders: [],
        },
      },
    });
    const address = (result.body as { address: Address }).address;
    expect(await list(user)).toEqual([address]);
    expect((await deliver(mail({ to: address.address, from: uniqueSender() }))).status).toBe(202);
    expect(await feedTotal(user)).toBe(1);
    const plain = await follow(user, { newsletter_metadata_id: newsletterId, new_address: false });
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty("address");
    expect(await list(user)).toHaveLength(1);
  });

  it("makes no address for a newsletter the reader cannot see (404), and refuses a new_address that is not a boolean (422)", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { newsletterId } = await seedEmail(owner.id);
    expect(await follow(stranger, { newsletter_metadata_id: newsletterId, new_address: true })).toMatchObject({
      status: 404,
      body: { detail: "Newsletter not found" },
    });
    expect(await follow(stranger, { newsletter_metadata_id: 999_999_999, new_address: true })).toMatchObject({ status: 404 });
    expect(await follow(stranger, { newsletter_metadata_id: newsletterId, new_address: "yes" })).toMatchObject({
      status: 422,
      body: { errors: [{ field: "new_address" }] },
    });
    expect(await list(stranger)).toEqual([]);
  });
});
