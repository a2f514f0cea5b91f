import { describe, expect, it } from "vitest";
import { GET as search } from "@/app/api/newsletters/search/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedNewsletter } from "../support/seed";

useDatabase();

type Listed = { items: { id: number; name: string; publisher: string }[] };

const find = (user: TestUser, q: string) => call(search, `/api/newsletters/search?q=${encodeURIComponent(q)}`, { cookie: user.cookie });
const ids = async (user: TestUser, q: string) => ((await find(user, q)).body as Listed).items.map((item) => item.id);

// Growing with time, so on a database shared with earlier runs this run's copies rank first among equal matches.
const freshFollowers = () => Math.floor((Date.now() - 1_700_000_000_000) / 100);

async function seedLetters() {
  const stratechery = await seedNewsletter({
    name: "Stratechery",
    publisher: "Ben Thompson",
    description: "Analysis of the strategy and business side of technology and media.",
    isPublic: true,
    totalSubscribers: freshFollowers(),
  });
  const pragmatic = await seedNewsletter({
    name: "The Pragmatic Engineer",
    publisher: "Gergely Orosz",
    description: "Big Tech and startups, from the inside.",
    isPublic: true,
    totalSubscribers: freshFollowers(),
  });
  const fan = await seedNewsletter({
    name: "Platform Notes",
    description: "Weekly notes for readers of Stratechery and similar essays.",
    isPublic: true,
  });
  return { stratechery, pragmatic, fan };
}

describe("GET /api/newsletters/search", () => {
  it("finds a newsletter by its name despite a typo, best match first", async () => {
    const user = await registerUser();
    const { stratechery, pragmatic, fan } = await seedLetters();
    const result = await find(user, "stratechry");
    expect(result.status).toBe(200);
    const found = (result.body as Listed).items;
    // The bundled catalog, when loaded into the same database, holds its own Stratechery and Pragmatic Engineer.
    expect(found[0]?.name).toBe("Stratechery");
    expect(found.map((item) => item.id)).toContain(stratechery);
    expect(found.map((item) => item.id)).not.toContain(pragmatic);
    const typo = ((await find(user, "pragmatic enginer")).body as Listed).items;
    expect(typo[0]?.name).toBe("The Pragmatic Engineer");
    expect(typo.map((item) => item.id)).toContain(pragmatic);
    // A name match outranks a mention in a description.
    const ranked = await ids(user, "Stratechery");
    expect(ranked).toContain(stratechery);
    if (ranked.includes(fan)) expect(ranked.indexOf(fan)).toBeGreaterThan(ranked.indexOf(stratechery));
  });

  it("matches the publisher and words of the description", async () => {
    const user = await registerUser();
    const { stratechery, pragmatic } = await seedLetters();
    expect(await ids(user, "Gergely Orosz")).toContain(pragmatic);
    expect(await ids(user, "gergly")).toContain(pragmatic);
    expect(await ids(user, "media strategy")).toContain(stratechery);
  });

  it("answers the whole newsletter for each result", async () => {
    const user = await registerUser();
    const followers = freshFollowers();
    const id = await seedNewsletter({ name: "Zephyrine Quarterly", publisher: "Wind Press", isPublic: true, totalSubscribers: followers });
    const result = await find(user, "zephyrine");
    expect(result.status).toBe(200);
    expect((result.body as Listed).items.find((item) => item.id === id)).toEqual({
      id,
      newsletter_id: id,
      newsletter_name: "Zephyrine Quarterly",
      name: "Zephyrine Quarterly",
      publisher: "Wind Press",
      newsletter_description: null,
      description: null,
      logo_url: null,
      logoUrl: null,
      newsletter_url: "https://letter.example",
      websiteUrl: "https://letter.example",
      is_featured: false,
      subscribe_page_url: null,
      direct_subscribe_url: null,
      feed_url: null,
      first_seen: null,
      last_seen: null,
      total_emails: 0,
      total_issues: 0,
      total_read_time_seconds: 0,
      total_subscribers: followers,
      total_likes: 0,
      sending_frequency: "Weekly",
      categories: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("never finds a private newsletter", async () => {
    const user = await registerUser();
    const hidden = await seedNewsletter({ name: "Stratechery Leaks", publisher: "Anonymous", isPublic: false });
    expect(await ids(user, "stratechery leaks")).not.toContain(hidden);
    expect(await ids(user, "Anonymous")).not.toContain(hidden);
  });

  it("answers an empty list for a blank or missing q", async () => {
    const user = await registerUser();
    for (const q of ["", "   ", "\t"]) expect(await find(user, q)).toMatchObject({ status: 200, body: { items: [] } });
    expect(await call(search, "/api/newsletters/search", { cookie: user.cookie })).toMatchObject({ status: 200, body: { items: [] } });
  });

  it("answers 200 to a q full of search syntax", async () => {
    const user = await registerUser();
    for (const q of [`'":!&|()<>*`, "-", "%_%", "\\", "a & !b | (c <-> d)", "😀 newsletter"]) {
      expect(await find(user, q), q).toMatchObject({ status: 200, body: { items: expect.any(Array) } });
    }
  });

  it("refuses a q with a NUL character with 422", async () => {
    const user = await registerUser();
    expect(await call(search, "/api/newsletters/search?q=news%00letter", { cookie: user.cookie })).toMatchObject({
      status: 422,
      body: {
        detail: "q cannot contain NUL characters or broken Unicode.",
        errors: [{ field: "q", message: "q cannot contain NUL characters or broken Unicode." }],
      },
    });
  });

  it("answers at most 20 results", async () => {
    const user = await registerUser();
    for (let index = 0; index < 22; index++) await seedNewsletter({ name: `Quokka Gazette ${index}`, isPublic: true });
    const result = await find(user, "quokka gazette");
    expect(result.status).toBe(200);
    expect((result.body as Listed).items).toHaveLength(20);
  });

  it("refuses a q over 200 characters with 422", async () => {
    const user = await registerUser();
    expect(await find(user, "a".repeat(201))).toEqual(
      expect.objectContaining({
        status: 422,
        body: { detail: "q must be at most 200 characters.", errors: [{ field: "q", message: "q must be at most 200 characters." }] },
      }),
    );
    expect((await find(user, "a".repeat(200))).status).toBe(200);
  });
});
