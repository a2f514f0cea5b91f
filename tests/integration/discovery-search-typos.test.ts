import { beforeAll, describe, expect, it } from "vitest";
import { GET as search } from "@/app/api/newsletters/search/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedNewsletter } from "../support/seed";

useDatabase();

type Listed = { items: { id: number; name: string }[] };

const find = (user: TestUser, q: string) => call(search, `/api/newsletters/search?q=${encodeURIComponent(q)}`, { cookie: user.cookie });
const ids = async (user: TestUser, q: string) => ((await find(user, q)).body as Listed).items.map((item) => item.id);

describe("GET /api/newsletters/search with a slip of the keyboard", () => {
  let user: TestUser;
  let quill: number;
  let quell: number;
  let hidden: number;

  beforeAll(async () => {
    user = await registerUser();
    // Trigram similarity alone finds none of the misspellings below (each was checked against it).
    quill = await seedNewsletter({
      name: "Quill Dispatch",
      publisher: "Marrow Press",
      description: "Letters about letters.",
      isPublic: true,
    });
    quell = await seedNewsletter({ name: "Quell Digest", publisher: "Calm House", isPublic: true });
    hidden = await seedNewsletter({ name: "Quill Private", publisher: "Marrow Press", isPublic: false });
  });

  it.each([
    ["two letters swapped in the name", "qiull"],
    ["a letter missing from the name", "qull"],
    ["an extra letter in the name", "quaill"],
    ["a wrong letter in the name", "qvill"],
    ["two letters swapped in the publisher", "marrwo"],
    ["a letter missing from the publisher", "mrrow"],
    ["a slip in each word of two", "qull dsipatch"],
  ])("finds the newsletter despite %s (%j)", async (_kind, q) => {
    const found = await ids(user, q);
    expect(found).toContain(quill);
    expect(found).not.toContain(hidden);
  });

  it("ranks exact and begun names above names one slip away", async () => {
    const exact = await ids(user, "quell");
    expect(exact).toContain(quill);
    expect(exact.indexOf(quell)).toBeLessThan(exact.indexOf(quill));
    const begun = await ids(user, "quel");
    expect(begun).toContain(quell);
    if (begun.includes(quill)) expect(begun.indexOf(quell)).toBeLessThan(begun.indexOf(quill));
  });

  it("matches short words only as typed: one letter off in a three-letter word is another word", async () => {
    const short = await seedNewsletter({ name: "Zyx Ledger", isPublic: true });
    expect(await ids(user, "zyx")).toContain(short);
    expect(await ids(user, "zyq")).not.toContain(short);
  });

  it("does not reach two slips away", async () => {
    expect(await ids(user, "qiulx")).not.toContain(quill);
  });

  it.each([["!!!"], ["...,;:"], ["🎉"], ["🎉🚀 ✨"], ["—–"]])("answers %j, which has no word, with an empty list", async (q) => {
    expect(await find(user, q)).toMatchObject({ status: 200, body: { items: [] } });
  });
});
