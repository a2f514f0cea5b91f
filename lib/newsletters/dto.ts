import type { newsletter } from "@/db/schema";

const DEFAULT_PUBLISHER = "N/A";
const DEFAULT_FREQUENCY = "Weekly";

export type CategoryRef = { id: number; name: string; emoji: string };

export type CategoryDto = CategoryRef & { newsletter_count: number };

/** docs/contract.md section 3 "Newsletter": docs/spec.md's fields plus the display-form names. */
export type NewsletterDto = {
  id: number;
  newsletter_id: number;
  newsletter_name: string;
  name: string;
  publisher: string;
  newsletter_description: string | null;
  description: string | null;
  logo_url: string | null;
  logoUrl: string | null;
  newsletter_url: string | null;
  websiteUrl: string | null;
  is_featured: boolean;
  subscribe_page_url: string | null;
  direct_subscribe_url: string | null;
  /** The feed its site publishes, where the catalog knows it: Discover offers "Follow by feed". */
  feed_url: string | null;
  first_seen: string | null;
  last_seen: string | null;
  total_emails: number;
  total_issues: number;
  total_read_time_seconds: number;
  total_subscribers: number;
  total_likes: number;
  sending_frequency: string;
  categories: CategoryRef[];
  created_at: string;
  updated_at: string;
};

type Row = typeof newsletter.$inferSelect;

/** The columns the mapper reads; internal ones (catalog key, sender identity, recipient count) never ship. */
export type NewsletterFields = Pick<
  Row,
  | "id"
  | "name"
  | "publisher"
  | "description"
  | "logoUrl"
  | "websiteUrl"
  | "isFeatured"
  | "subscribePageUrl"
  | "directSubscribeUrl"
  | "feedUrl"
  | "firstSeen"
  | "lastSeen"
  | "totalEmails"
  | "totalIssues"
  | "totalReadTimeSeconds"
  | "totalSubscribers"
  | "totalLikes"
  | "sendingFrequency"
  | "createdAt"
  | "updatedAt"
>;

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function text(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function toNewsletterDto(row: NewsletterFields, categories: CategoryRef[]): NewsletterDto {
  const description = text(row.description);
  const logo = text(row.logoUrl);
  const website = text(row.websiteUrl);
  return {
    id: row.id,
    newsletter_id: row.id,
    newsletter_name: row.name,
    name: row.name,
    publisher: text(row.publisher) ?? DEFAULT_PUBLISHER,
    newsletter_description: description,
    description,
    logo_url: logo,
    logoUrl: logo,
    newsletter_url: website,
    websiteUrl: website,
    is_featured: row.isFeatured,
    subscribe_page_url: text(row.subscribePageUrl),
    direct_subscribe_url: text(row.directSubscribeUrl),
    feed_url: text(row.feedUrl),
    first_seen: iso(row.firstSeen),
    last_seen: iso(row.lastSeen),
    total_emails: row.totalEmails,
    total_issues: row.totalIssues,
    total_read_time_seconds: row.totalReadTimeSeconds,
    total_subscribers: row.totalSubscribers,
    total_likes: row.totalLikes,
    sending_frequency: text(row.sendingFrequency) ?? DEFAULT_FREQUENCY,
    categories: categories.map(({ id, name, emoji }) => ({ id, name, emoji })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toCategoryDto(row: CategoryRef & { newsletterCount: number }): CategoryDto {
  return { id: row.id, name: row.name, emoji: row.emoji, newsletter_count: row.newsletterCount };
}
