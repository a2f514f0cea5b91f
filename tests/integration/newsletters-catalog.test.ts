import { randomUUID } from "node:crypto";
import { count, eq, inArray, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as categoriesRoute } from "@/app/api/newsletters/categories/route";
import { GET as popularRoute } from "@/app/api/newsletters/popular/route";
import { getDb } from "@/db/client";
import { category, newsletter, newsletterCategory } from "@/db/schema";
import { bundledCatalog, loadCatalog } from "@/lib/newsletters/catalog";
import type { Catalog, CatalogNewsletter } from "@/lib/newsletters/catalog-schema";
import { call, registerUser, useDatabase } from "../support/api";

useDatabase();

// Test rows carry this prefix so they can be told apart (and removed) in a shared database.
const run = `test-${randomUUID().slice(0, 8)}`;
const shelf = { slug: run, name: `Test Shelf ${run}`, emoji: "🧪" };
const technology = { slug: "technology", name: "Technology", emoji: "💻" };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function entry(suffix: string, fields: Partial<CatalogNewsletter> = {}): CatalogNewsletter {
  return {
    key: `${run}-${suffix}`,
    name: `${suffix} ${run}`,
    publisher: "Test Press",
    description: `The ${suffix} letter.`,
    website_url: `https://${suffix}.example/`,
    subscribe_page_url: `https://${suffix}.example/subscribe`,
    logo_url: `https://${suffix}.example/favicon.ico`,
    categories: [shelf.slug],
    sending_frequency: "Daily",
    is_featured: false,
    ...fields,
  };
}

function testCatalog(...newsletters: CatalogNewsletter[]): Catalog {
  return { categories: [technology, shelf], newsletters };
}

async function rowsOf(keys: string[]) {
  const rows = await getDb().select().from(newsletter).where(inArray(newsletter.catalogKey, keys));
  return new Map(rows.map((row) => [row.catalogKey!, row]));
}

async function slugsOf(newsletterId: number): Promise<string[]> {
  const rows = await getDb()
    .select({ slug: category.slug })
    .from(newsletterCategory)
    .innerJoin(category, eq(category.id, newsletterCategory.categoryId))
    .where(eq(newsletterCategory.newsletterId, newsletterId));
  return rows.map((row) => row.slug).sort();
}

async function insertPrivateLetter(totalSubscribers: number): Promise<number> {
  const [row] = await getDb()
    .insert(newsletter)
    .values({ source: "mail", name: `Private ${run}`, isPublic: false, totalSubscribers, senderAddress: `${randomUUID()}@private.example` })
    .returning({ id: newsletter.id });
  return row!.id;
}

afterAll(async () => {
  await getDb()
    .delete(newsletter)
    .where(like(newsletter.catalogKey, `${run}-%`));
  await getDb()
    .delete(newsletter)
    .where(eq(newsletter.name, `Private ${run}`));
  await getDb()
    .delete(category)
    .where(like(category.slug, `${run}%`));
});

describe("loadCatalog", () => {
  it("loads the bundled catalog, and a second load changes nothing", async () => {
    const bundled = bundledCatalog();
    const keys = bundled.newsletters.map((item) => item.key);
    const first = await loadCatalog();
    expect(first.created + first.updated + first.unchanged).toBe(bundled.newsletters.length);
    const before = await rowsOf(keys);

    const second = await loadCatalog();
    expect(second).toEqual({
      categories: bundled.categories.length,
      newsletters: bundled.newsletters.length,
      created: 0,
      updated: 0,
      unchanged: bundled.newsletters.length,
      milliseconds: expect.any(Number),
    });
    const after = await rowsOf(keys);
    expect(after.size).toBe(bundled.newsletters.length);
    for (const [key, row] of after) expect(row.updatedAt, key).toEqual(before.get(key)!.updatedAt);
    const [{ rows }] = await getDb().select({ rows: count() }).from(newsletter).where(inArray(newsletter.catalogKey, keys));
    expect(rows).toBe(bundled.newsletters.length);
    const slugs = bundled.categories.map((item) => item.slug);
    const [{ categories }] = await getDb().select({ categories: count() }).from(category).where(inArray(category.slug, slugs));
    expect(categories).toBe(bundled.categories.length);
    const ids = [...after.values()].map((row) => row.id);
    const [{ links }] = await getDb()
      .select({ links: count() })
      .from(newsletterCategory)
      .where(inArray(newsletterCategory.newsletterId, ids));
    expect(links).toBe(bundled.newsletters.reduce((sum, item) => sum + item.categories.length, 0));
    const tldr = after.get("tldr")!;
    expect([tldr.source, tldr.isPublic, tldr.isFeatured, tldr.name]).toEqual(["catalog", true, true, "TLDR"]);
  });

  it("updates a changed entry and its categories but keeps its counters", async () => {
    const original = entry("steady");
    const changed = entry("changing");
    expect(await loadCatalog(testCatalog(original, changed))).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    const seen = new Date("2026-11-01T08:00:00.000Z");
    await getDb()
      .update(newsletter)
      .set({
        totalSubscribers: 41,
        totalIssues: 7,
        totalEmails: 9,
        totalLikes: 3,
        totalReadTimeSeconds: 600,
        firstSeen: seen,
        lastSeen: seen,
      })
      .where(eq(newsletter.catalogKey, changed.key));
    const before = (await rowsOf([changed.key])).get(changed.key)!;

    const update = {
      ...changed,
      description: "Rewritten by an operator.",
      sending_frequency: "Weekly" as const,
      categories: [technology.slug],
    };
    expect(await loadCatalog(testCatalog(original, update))).toMatchObject({ created: 0, updated: 1, unchanged: 1 });

    const after = (await rowsOf([changed.key])).get(changed.key)!;
    expect(after).toEqual({
      ...before,
      description: "Rewritten by an operator.",
      sendingFrequency: "Weekly",
      updatedAt: expect.any(Date),
    });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect(await slugsOf(after.id)).toEqual([technology.slug]);
    expect(await loadCatalog(testCatalog(original, update))).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it("without overwrite only adds what is missing, keeping an operator's edits", async () => {
    const edited = entry("edited", { name: `Edited by operator ${run}` });
    await loadCatalog(testCatalog(edited));
    const fresh = entry("fresh");
    const result = await loadCatalog(testCatalog(entry("edited"), fresh), { overwrite: false });
    expect(result).toMatchObject({ created: 1, updated: 0, unchanged: 1 });
    const rows = await rowsOf([edited.key, fresh.key]);
    expect(rows.get(edited.key)!.name).toBe(`Edited by operator ${run}`);
    expect(await slugsOf(rows.get(fresh.key)!.id)).toEqual([shelf.slug]);
  });
});

describe("GET /api/newsletters/popular", () => {
  it("answers 401 without a session", async () => {
    expect(await call(popularRoute, "/api/newsletters/popular")).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
  });

  it("lists public newsletters, most followed first, then featured, then by name", async () => {
    const top = entry("top", { categories: [shelf.slug, technology.slug] });
    const featured = entry("zulu-featured", { is_featured: true });
    const alpha = entry("alpha");
    const bravo = entry("bravo", { publisher: undefined, sending_frequency: undefined });
    await loadCatalog(testCatalog(top, featured, alpha, bravo));
    // Far above anything else in a shared database, so these four lead the list.
    const counts: [string, number][] = [
      [top.key, 2_000_000_002],
      [featured.key, 2_000_000_001],
      [alpha.key, 2_000_000_001],
      [bravo.key, 2_000_000_001],
    ];
    for (const [key, total] of counts)
      await getDb().update(newsletter).set({ totalSubscribers: total }).where(eq(newsletter.catalogKey, key));
    const privateId = await insertPrivateLetter(2_100_000_000);
    const rows = await rowsOf(counts.map(([key]) => key));
    const [shelfRow] = await getDb().select().from(category).where(eq(category.slug, shelf.slug));
    const [techRow] = await getDb().select().from(category).where(eq(category.slug, technology.slug));

    const user = await registerUser();
    const result = await call(popularRoute, "/api/newsletters/popular", { cookie: user.cookie });

    expect(result.status).toBe(200);
    const items = (result.body as { items: { id: number }[] }).items;
    expect(items.length).toBeLessThanOrEqual(12);
    expect(items.map((item) => item.id)).not.toContain(privateId);
    expect(items.slice(0, 4).map((item) => item.id)).toEqual([top, featured, alpha, bravo].map((item) => rows.get(item.key)!.id));
    const topRow = rows.get(top.key)!;
    expect(items[0]).toEqual({
      id: topRow.id,
      newsletter_id: topRow.id,
      newsletter_name: top.name,
      name: top.name,
      publisher: "Test Press",
      newsletter_description: "The top letter.",
      description: "The top letter.",
      logo_url: "https://top.example/favicon.ico",
      logoUrl: "https://top.example/favicon.ico",
      newsletter_url: "https://top.example/",
      websiteUrl: "https://top.example/",
      is_featured: false,
      subscribe_page_url: "https://top.example/subscribe",
      direct_subscribe_url: null,
      feed_url: null,
      first_seen: null,
      last_seen: null,
      total_emails: 0,
      total_issues: 0,
      total_read_time_seconds: 0,
      total_subscribers: 2_000_000_002,
      total_likes: 0,
      sending_frequency: "Daily",
      categories: [
        { id: techRow!.id, name: "Technology", emoji: "💻" },
        { id: shelfRow!.id, name: shelf.name, emoji: "🧪" },
      ],
      created_at: topRow.createdAt.toISOString(),
      updated_at: topRow.updatedAt.toISOString(),
    });
    expect(items[3]).toMatchObject({ publisher: "N/A", sending_frequency: "Weekly", created_at: expect.stringMatching(ISO) });
  });
});

describe("GET /api/newsletters/categories", () => {
  it("answers 401 without a session", async () => {
    expect(await call(categoriesRoute, "/api/newsletters/categories")).toMatchObject({
      status: 401,
      body: { detail: "Not authenticated" },
    });
  });

  it("lists every category by name with its number of public newsletters", async () => {
    const counted = { slug: `${run}-counted`, name: `Test Counted ${run}`, emoji: "🧮" };
    const onShelf = (suffix: string) => entry(suffix, { categories: [counted.slug] });
    await loadCatalog({ categories: [counted], newsletters: [onShelf("counted-one"), onShelf("counted-two")] });
    await loadCatalog();
    const [countedRow] = await getDb().select().from(category).where(eq(category.slug, counted.slug));
    await getDb()
      .insert(newsletterCategory)
      .values({ newsletterId: await insertPrivateLetter(0), categoryId: countedRow!.id });
    const user = await registerUser();

    const result = await call(categoriesRoute, "/api/newsletters/categories", { cookie: user.cookie });

    expect(result.status).toBe(200);
    type Item = { id: number; name: string; emoji: string; newsletter_count: number };
    const items = (result.body as { items: Item[] }).items;
    for (const item of items) expect(Object.keys(item).sort()).toEqual(["emoji", "id", "name", "newsletter_count"]);
    expect(items.find((item) => item.id === countedRow!.id)).toEqual({
      id: countedRow!.id,
      name: counted.name,
      emoji: "🧮",
      newsletter_count: 2,
    });
    const bundled = bundledCatalog();
    const names = bundled.categories.map((item) => item.name);
    expect(items.filter((item) => names.includes(item.name)).map((item) => item.name)).toEqual([...names].sort());
    for (const slug of bundled.categories) {
      const listed = bundled.newsletters.filter((item) => item.categories.includes(slug.slug)).length;
      expect(items.find((item) => item.name === slug.name)!.newsletter_count, slug.slug).toBeGreaterThanOrEqual(listed);
    }
  });
});
