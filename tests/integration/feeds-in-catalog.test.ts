import { randomUUID } from "node:crypto";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { category, newsletter } from "@/db/schema";
import { GET as getNewsletter } from "@/app/api/newsletters/[newsletterId]/route";
import { POST as follow } from "@/app/api/users/me/feed-subscriptions/route";
import { bundledCatalog, loadCatalog } from "@/lib/newsletters/catalog";
import { call, registerUser, useDatabase } from "../support/api";
import { allowFetchTo } from "../support/local-server";
import { item, rss, startFeedServer } from "./feeds-in-support";

useDatabase();

const run = `feeds-${randomUUID().slice(0, 8)}`;
let server: Awaited<ReturnType<typeof startFeedServer>>;
let undoAllow: () => void;

beforeAll(async () => {
  server = await startFeedServer();
  undoAllow = allowFetchTo(server.hostPort);
});
afterAll(async () => {
  undoAllow();
  await server.close();
  await getDb()
    .delete(newsletter)
    .where(like(newsletter.catalogKey, `${run}-%`));
  await getDb()
    .delete(category)
    .where(like(category.slug, `${run}-%`));
});

describe("catalog newsletters with a feed", () => {
  it("keep the feed_url the catalog gives, which the Newsletter shows and a reader can follow (Discover's Follow by feed)", async () => {
    server.routes.set("/catalog-feed", { type: "application/rss+xml", body: rss("Catalog Letter", [item(1), item(2)]) });
    const feedUrl = `${server.origin}/catalog-feed`;
    await loadCatalog({
      categories: [{ slug: `${run}-cat`, name: `Cat ${run}`, emoji: "📰" }],
      newsletters: [
        {
          key: `${run}-letter`,
          name: `Catalog Letter ${run}`,
          website_url: "https://catalog-letter.example/",
          feed_url: feedUrl,
          categories: [`${run}-cat`],
          is_featured: false,
        },
        {
          key: `${run}-plain`,
          name: `Plain Letter ${run}`,
          website_url: "https://plain.example/",
          categories: [`${run}-cat`],
          is_featured: false,
        },
      ],
    });
    const reader = await registerUser();
    const rows = await getDb()
      .select({ id: newsletter.id, key: newsletter.catalogKey })
      .from(newsletter)
      .where(like(newsletter.catalogKey, `${run}-%`));
    const shown = async (key: string) => {
      const id = String(rows.find((row) => row.key === key)!.id);
      return (await call(getNewsletter, `/api/newsletters/${id}`, { cookie: reader.cookie, params: { newsletterId: id } })).body;
    };
    expect(await shown(`${run}-letter`)).toMatchObject({ feed_url: feedUrl });
    expect(await shown(`${run}-plain`)).toMatchObject({ feed_url: null });
    const followed = await call(follow, "/api/users/me/feed-subscriptions", {
      method: "POST",
      cookie: reader.cookie,
      body: { url: feedUrl },
    });
    expect(followed).toMatchObject({ status: 201, body: { title: "Catalog Letter", feed_url: feedUrl } });
  });

  it("the bundled catalog names a feed only for Substack publications, at the /feed every Substack serves", () => {
    const withFeed = bundledCatalog().newsletters.filter((entry) => entry.feed_url);
    expect(withFeed.length).toBeGreaterThan(0);
    for (const entry of withFeed) {
      expect(new URL(entry.website_url).hostname).toMatch(/\.substack\.com$/);
      expect(entry.feed_url).toBe(new URL("/feed", entry.website_url).href);
    }
  });
});
