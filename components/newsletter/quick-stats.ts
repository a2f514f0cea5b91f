import { formatCount } from "@/lib/format/count";
import { formatShortDate } from "@/lib/format/date";

type StatsSource = {
  websiteUrl: string | null;
  sending_frequency: string;
  total_subscribers: number;
  total_issues: number;
  total_likes: number;
  first_seen: string | null;
  last_seen: string | null;
};

export type QuickStat = { label: string; value: string; href?: string };

/** docs/spec.md's Quick Stats, in order; subscribers and likes only once there are some. */
export function quickStats(newsletter: StatsSource): QuickStat[] {
  const stats: QuickStat[] = [];
  if (newsletter.websiteUrl) stats.push({ label: "Website", value: hostOf(newsletter.websiteUrl), href: newsletter.websiteUrl });
  stats.push({ label: "Frequency", value: newsletter.sending_frequency });
  if (newsletter.total_subscribers > 0) stats.push({ label: "Subscribers", value: formatCount(newsletter.total_subscribers) });
  stats.push({ label: "Total Issues", value: formatCount(newsletter.total_issues) });
  if (newsletter.total_likes > 0) stats.push({ label: "Total Likes", value: formatCount(newsletter.total_likes) });
  stats.push({ label: "First Seen", value: formatShortDate(newsletter.first_seen, "Not yet") });
  stats.push({ label: "Last Seen", value: formatShortDate(newsletter.last_seen, "Not yet") });
  return stats;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}
