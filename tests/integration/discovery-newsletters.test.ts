import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as trendingIssues } from "@/app/api/issues/trending/route";
import { GET as getNewsletter } from "@/app/api/newsletters/[newsletterId]/route";
import { GET as newsletterIssues } from "@/app/api/newsletters/[newsletterId]/recent_issues/route";
import { GET as byCategory } from "@/app/api/newsletters/category/[categoryId]/route";
import { GET as featured } from "@/app/api/newsletters/featured/route";
import { GET as recommended } from "@/app/api/newsletters/recommended/route";
import { GET as search } from "@/app/api/newsletters/search/route";
import { GET as trending } from "@/app/api/newsletters/trending/route";
import { call, registerUser, useDatabase, type TestUser } from "../support/api";
import { seedCategory, seedEmail, seedNewsletter } from "../support/seed";

useDatabase();

type Listed = { items: { id: number; is_featured: boolean }[] };

const detail = (user: TestUser | null, id: string) =>
  call(getNewsletter, `/api/newsletters/${id}`, { cookie: user?.cookie, params: { newsletterId: id } });
const category = (user: TestUser, id: string) =>
  call(byCategory, `/api/newsletters/category/${id}`, { cookie: user.cookie, params: { categoryId: id } });

function newsletterBody(
  id: number,
  fields: {
    name: string;
    publisher?: string;
    description?: string | null;
    is_featured?: boolean;
    total_subscribers?: number;
    categories?: unknown[];
  },
) {
  return {
    id,
    newsletter_id: id,
    newsletter_name: fields.name,
    name: fields.name,
    publisher: fields.publisher ?? "N/A",
    newsletter_description: fields.description ?? null,
    description: fields.description ?? null,
    logo_url: null,
    logoUrl: null,
    newsletter_url: "https://letter.example",
    websiteUrl: "https://letter.example",
    is_featured: fields.is_featured ?? false,
    subscribe_page_url: null,
    direct_subscribe_url: null,
    feed_url: null,
    first_seen: null,
    last_seen: null,
    total_emails: 0,
    total_issues: 0,
    total_read_time_seconds: 0,
    total_subscribers: fields.total_subscribers ?? 0,
    total_likes: 0,
    sending_frequency: "Weekly",
    categories: fields.categories ?? [],
    created_at: expect.any(String),
    updated_at: expect.any(String),
  };
}

describe("GET /api/newsletters/{id}", () => {
  it("answers the whole newsletter with its categories", async () => {
    const user = await registerUser();
    const categoryId = await seedCategory(`Essays ${Date.now()}`);
    const id = await seedNewsletter({
      name: "Long Reads",
      publisher: "Essay Press",
      description: "Essays, weekly.",
      isPublic: true,
      totalSubscribers: 12,
      categoryIds: [categoryId],
    });
    const result = await detail(user, String(id));
    expect(result).toMatchObject({ status: 200 });
    expect(result.body).toEqual(
      newsletterBody(id, {
        name: "Long Reads",
        publisher: "Essay Press",
        description: "Essays, weekly.",
        total_subscribers: 12,
        categories: [{ id: categoryId, name: expect.stringMatching(/^Essays /), emoji: "📰" }],
      }),
    );
  });

  it("answers 404 for an unknown id, a non-integer id and another reader's private newsletter", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { newsletterId } = await seedEmail(owner.id);
    for (const id of ["999999999", "seven", "1.5", "-3", String(newsletterId)]) {
      expect(await detail(stranger, id), id).toMatchObject({ status: 404, body: { detail: expect.any(String) } });
    }
    expect(await detail(owner, String(newsletterId))).toMatchObject({ status: 200, body: { id: newsletterId } });
  });
});

describe("GET /api/newsletters/featured", () => {
  it("lists featured public newsletters, most followed first, never a private one", async () => {
    const user = await registerUser();
    // Growing with time, so this run's featured newsletters lead earlier runs' on a shared database.
    const followers = Math.floor((Date.now() - 1_700_000_000_000) / 100);
    const small = await seedNewsletter({ isPublic: true, isFeatured: true, totalSubscribers: followers });
    const large = await seedNewsletter({ isPublic: true, isFeatured: true, totalSubscribers: followers + 40 });
    const hidden = await seedNewsletter({ isPublic: false, isFeatured: true, totalSubscribers: followers + 90 });
    const plain = await seedNewsletter({ isPublic: true, totalSubscribers: followers + 70 });
    const result = await call(featured, "/api/newsletters/featured", { cookie: user.cookie });
    expect(result.status).toBe(200);
    const items = (result.body as Listed).items;
    expect(items.every((item) => item.is_featured)).toBe(true);
    expect(items.map((item) => item.id).filter((id) => [small, large, hidden, plain].includes(id))).toEqual([large, small]);
  });
});

describe("GET /api/newsletters/category/{id}", () => {
  it("lists the category's public newsletters, most followed first", async () => {
    const user = await registerUser();
    const token = randomUUID().slice(0, 8);
    const categoryId = await seedCategory(`Alpha ${token}`);
    const other = await seedCategory(`Beta ${token}`);
    const few = await seedNewsletter({ name: "Few", isPublic: true, totalSubscribers: 2, categoryIds: [categoryId] });
    const many = await seedNewsletter({ name: "Many", isPublic: true, totalSubscribers: 20, categoryIds: [categoryId, other] });
    await seedNewsletter({ name: "Private", isPublic: false, totalSubscribers: 200, categoryIds: [categoryId] });
    await seedNewsletter({ name: "Elsewhere", isPublic: true, totalSubscribers: 100, categoryIds: [other] });
    const result = await category(user, String(categoryId));
    const categories = [
      { id: categoryId, name: `Alpha ${token}`, emoji: "📰" },
      { id: other, name: `Beta ${token}`, emoji: "📰" },
    ];
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      items: [
        newsletterBody(many, { name: "Many", total_subscribers: 20, categories }),
        newsletterBody(few, { name: "Few", total_subscribers: 2, categories: [categories[0]] }),
      ],
    });
  });

  it("answers 404 for an unknown category and a non-integer id", async () => {
    const user = await registerUser();
    for (const id of ["999999999", "news", "0"]) {
      expect(await category(user, id), id).toEqual(expect.objectContaining({ status: 404, body: { detail: expect.any(String) } }));
    }
    expect((await category(user, "999999999")).body).toEqual({ detail: "Category not found" });
  });
});

describe("every discovery call", () => {
  it("answers 401 without a session", async () => {
    const calls = [
      call(featured, "/api/newsletters/featured"),
      call(trending, "/api/newsletters/trending"),
      call(recommended, "/api/newsletters/recommended"),
      call(byCategory, "/api/newsletters/category/1", { params: { categoryId: "1" } }),
      call(search, "/api/newsletters/search?q=news"),
      call(getNewsletter, "/api/newsletters/1", { params: { newsletterId: "1" } }),
      call(newsletterIssues, "/api/newsletters/1/recent_issues", { params: { newsletterId: "1" } }),
      call(trendingIssues, "/api/issues/trending"),
    ];
    for (const result of await Promise.all(calls)) expect(result).toMatchObject({ status: 401, body: { detail: "Not authenticated" } });
  });
});
