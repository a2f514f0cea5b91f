import { describe, expect, it } from "vitest";
import { toCategoryDto, toNewsletterDto, type NewsletterFields } from "./dto";

const created = new Date("2026-11-21T09:30:00.000Z");
const updated = new Date("2026-11-22T10:00:00.000Z");

const bare: NewsletterFields = {
  id: 7,
  name: "Quiet Letter",
  publisher: null,
  description: null,
  logoUrl: null,
  websiteUrl: null,
  isFeatured: false,
  subscribePageUrl: null,
  directSubscribeUrl: null,
  feedUrl: null,
  firstSeen: null,
  lastSeen: null,
  totalEmails: 0,
  totalIssues: 0,
  totalReadTimeSeconds: 0,
  totalSubscribers: 0,
  totalLikes: 0,
  sendingFrequency: null,
  createdAt: created,
  updatedAt: updated,
};

describe("toNewsletterDto", () => {
  it("fills docs/spec.md's defaults where values are missing", () => {
    expect(toNewsletterDto(bare, [])).toEqual({
      id: 7,
      newsletter_id: 7,
      newsletter_name: "Quiet Letter",
      name: "Quiet Letter",
      publisher: "N/A",
      newsletter_description: null,
      description: null,
      logo_url: null,
      logoUrl: null,
      newsletter_url: null,
      websiteUrl: null,
      is_featured: false,
      subscribe_page_url: null,
      direct_subscribe_url: null,
      feed_url: null,
      first_seen: null,
      last_seen: null,
      total_emails: 0,
      total_issues: 0,
      total_read_time_seconds: 0,
      total_subscribers: 0,
      total_likes: 0,
      sending_frequency: "Weekly",
      categories: [],
      created_at: "2026-11-21T09:30:00.000Z",
      updated_at: "2026-11-22T10:00:00.000Z",
    });
  });

  it("treats blank text as missing", () => {
    const dto = toNewsletterDto({ ...bare, publisher: "  ", sendingFrequency: "", description: " " }, []);
    expect([dto.publisher, dto.sending_frequency, dto.description]).toEqual(["N/A", "Weekly", null]);
  });

  it("ships both names of each field, ISO dates and only id, name and emoji of categories", () => {
    const row = {
      ...bare,
      publisher: "Acme",
      description: "About things.",
      logoUrl: "https://acme.example/favicon.ico",
      websiteUrl: "https://acme.example/",
      subscribePageUrl: "https://acme.example/subscribe",
      isFeatured: true,
      firstSeen: created,
      lastSeen: updated,
      totalSubscribers: 12,
      sendingFrequency: "Daily",
    };
    const category = { id: 3, name: "Business", emoji: "💼", newsletterCount: 9 };
    expect(toNewsletterDto(row, [category])).toMatchObject({
      publisher: "Acme",
      newsletter_description: "About things.",
      description: "About things.",
      logo_url: "https://acme.example/favicon.ico",
      logoUrl: "https://acme.example/favicon.ico",
      newsletter_url: "https://acme.example/",
      websiteUrl: "https://acme.example/",
      subscribe_page_url: "https://acme.example/subscribe",
      is_featured: true,
      first_seen: "2026-11-21T09:30:00.000Z",
      last_seen: "2026-11-22T10:00:00.000Z",
      total_subscribers: 12,
      sending_frequency: "Daily",
      categories: [{ id: 3, name: "Business", emoji: "💼" }],
    });
  });
});

describe("toCategoryDto", () => {
  it("renames the count to newsletter_count", () => {
    expect(toCategoryDto({ id: 1, name: "AI", emoji: "🤖", newsletterCount: 4 })).toEqual({
      id: 1,
      name: "AI",
      emoji: "🤖",
      newsletter_count: 4,
    });
  });
});
