import { describe, expect, it } from "vitest";
import categories from "@/db/catalog/categories.json";
import newsletters from "@/db/catalog/newsletters.json";
import { CatalogError, parseBundledCatalog, parseCatalogFile } from "./catalog-schema";

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof CatalogError) return error.problems;
    throw error;
  }
  return [];
}

describe("the bundled catalog", () => {
  const catalog = parseBundledCatalog(categories, newsletters);

  it("has at least 12 categories, each with a slug, a name and an emoji", () => {
    expect(catalog.categories.length).toBeGreaterThanOrEqual(12);
    for (const category of catalog.categories) expect(category.emoji).not.toBe("");
  });

  it("has at least 150 newsletters with unique keys and names", () => {
    expect(catalog.newsletters.length).toBeGreaterThanOrEqual(150);
    expect(new Set(catalog.newsletters.map((entry) => entry.key)).size).toBe(catalog.newsletters.length);
    expect(new Set(catalog.newsletters.map((entry) => entry.name)).size).toBe(catalog.newsletters.length);
  });

  it("files every newsletter under at least one known category, and uses every category", () => {
    const slugs = new Set(catalog.categories.map((category) => category.slug));
    const used = new Set(catalog.newsletters.flatMap((entry) => entry.categories));
    for (const entry of catalog.newsletters) {
      expect(entry.categories.length, entry.key).toBeGreaterThanOrEqual(1);
      for (const slug of entry.categories) expect(slugs.has(slug), `${entry.key}: ${slug}`).toBe(true);
    }
    expect([...slugs].filter((slug) => !used.has(slug))).toEqual([]);
  });

  it("features between 6 and 10 newsletters", () => {
    const featured = catalog.newsletters.filter((entry) => entry.is_featured);
    expect(featured.length).toBeGreaterThanOrEqual(6);
    expect(featured.length).toBeLessThanOrEqual(10);
  });

  it("gives every newsletter a publisher, a short description, https links and a frequency", () => {
    for (const entry of catalog.newsletters) {
      expect(entry.publisher, entry.key).toBeTruthy();
      expect(entry.description?.length ?? 0, entry.key).toBeGreaterThan(30);
      expect(entry.description?.length ?? 0, entry.key).toBeLessThanOrEqual(300);
      expect(entry.sending_frequency, entry.key).toBeTruthy();
      for (const url of [entry.website_url, entry.subscribe_page_url, entry.logo_url]) expect(url, entry.key).toMatch(/^https:\/\//);
    }
  });
});

describe("parseCatalogFile", () => {
  const bundled = [{ slug: "technology", name: "Technology", emoji: "💻" }];
  const entry = { key: "my-letter", name: "My Letter", website_url: "https://my.example/", categories: ["technology"] };

  it("accepts a bare list of newsletters that refers to bundled categories", () => {
    expect(parseCatalogFile([entry], bundled)).toEqual({ categories: bundled, newsletters: [{ ...entry, is_featured: false }] });
  });

  it("accepts an object with its own categories, which win over bundled ones by slug", () => {
    const own = [
      { slug: "technology", name: "Tech", emoji: "🖥️" },
      { slug: "local", name: "Local", emoji: "🏘️" },
    ];
    const parsed = parseCatalogFile({ categories: own, newsletters: [{ ...entry, categories: ["local"] }] }, bundled);
    expect(parsed.categories).toEqual(own);
  });

  it("names the entry and the field of each schema problem", () => {
    const bad = [entry, { ...entry, key: "broken", website_url: "ftp://x", sending_frequency: "Hourly" }];
    expect(problemsOf(() => parseCatalogFile(bad, bundled))).toEqual([
      'newsletter "broken" website_url: Must be an http(s) URL',
      expect.stringMatching(/^newsletter "broken" sending_frequency: Invalid option/),
    ]);
  });

  it("refuses duplicate keys and unknown categories", () => {
    const bad = { newsletters: [entry, { ...entry, categories: ["technology", "knitting"] }] };
    expect(problemsOf(() => parseCatalogFile(bad, bundled))).toEqual([
      'newsletter "my-letter": key appears more than once',
      'newsletter "my-letter" categories: unknown category "knitting"',
    ]);
  });

  it("refuses unknown fields and a newsletter without categories", () => {
    expect(problemsOf(() => parseCatalogFile([{ ...entry, categories: [], color: "red" }], bundled))).toEqual([
      'newsletter "my-letter" categories: List at least one category',
      expect.stringMatching(/^newsletter "my-letter" entry: Unrecognized key/),
    ]);
  });

  it("refuses a file that is neither a list nor an object with newsletters", () => {
    expect(problemsOf(() => parseCatalogFile("hello", bundled))).toHaveLength(1);
    expect(problemsOf(() => parseCatalogFile({ categories: [] }, bundled))).toEqual([expect.stringMatching(/^newsletters: /)]);
  });
});
