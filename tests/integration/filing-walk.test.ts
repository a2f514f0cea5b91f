// First: it sets the inbound secret before anything reads the environment.
import { deliver, mail, uniqueSender } from "./inbound-support";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerUser, useDatabase } from "../support/api";

useDatabase();

// Every stage of filing, and the steps of the file stage a re-entered filing repeated, record their
// name when entered: a message's walk is the list, in order.
const { walk, recorded } = vi.hoisted(() => {
  const walk: string[] = [];
  function recorded(module: Record<string, unknown>, steps: Record<string, string>): Record<string, unknown> {
    const copy = { ...module };
    for (const [name, step] of Object.entries(steps)) {
      const original = module[name] as (...args: unknown[]) => unknown;
      copy[name] = (...args: unknown[]) => {
        walk.push(step);
        return original(...args);
      };
    }
    return copy;
  }
  return { walk, recorded };
});

vi.mock("@/lib/mail/filing/check", async (original) => recorded(await original(), { checkMessage: "check" }));
vi.mock("@/lib/mail/filing/store", async (original) => recorded(await original(), { storeMessage: "store" }));
vi.mock("@/lib/sender-auth/service", async (original) =>
  recorded(await original(), {
    authenticateInbound: "authenticate",
    recordAuth: "keep the authentication",
    // A delivery's authentication is kept by the statement that marks it filed, which it is handed to.
    recordedAuth: "keep the authentication",
  }),
);
vi.mock("@/lib/mail/filing/filing", async (original) => recorded(await original(), { fileMessage: "file" }));
vi.mock("@/lib/mail/filing/repo", async (original) =>
  recorded(await original(), { markFiled: "mark filed", upsertIssue: "file an edition", insertEmail: "file a copy" }),
);
vi.mock("@/lib/mail/filing/announce", async (original) => recorded(await original(), { announceFiled: "announce" }));

beforeEach(() => {
  walk.length = 0;
});

describe("the walk of one message through filing (POST /api/inbound/email)", () => {
  it("enters each stage once, in order: check, store, authenticate, file, announce", async () => {
    const reader = await registerUser();
    const result = await deliver(mail({ to: reader.unique_email, from: uniqueSender() }));
    expect(result.status).toBe(202);
    expect(walk).toEqual([
      "check",
      "store",
      "authenticate",
      "file",
      "keep the authentication",
      "mark filed",
      "file an edition",
      "file a copy",
      "announce",
    ]);
  });

  it("enters each stage once for unverified mail to two readers, each getting an edition of their own", async () => {
    const [first, second] = [await registerUser(), await registerUser()];
    const result = await deliver(mail({ to: `${first.unique_email}, ${second.unique_email}`, from: uniqueSender() }));
    expect(result).toEqual({ status: 202, body: { message_id: expect.any(Number), emails: [expect.any(Number), expect.any(Number)] } });
    expect(walk).toEqual([
      "check",
      "store",
      "authenticate",
      "file",
      "keep the authentication",
      "mark filed",
      "file an edition",
      "file a copy",
      "file an edition",
      "file a copy",
      "announce",
    ]);
  });

  it("stops after the store stage for a delivery seen before", async () => {
    const reader = await registerUser();
    const message = mail({ to: reader.unique_email, from: uniqueSender() });
    const first = await deliver(message);
    walk.length = 0;
    expect(await deliver(message)).toEqual({ status: 200, body: first.body });
    expect(walk).toEqual(["check", "store"]);
  });
});
