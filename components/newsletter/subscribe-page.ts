type Pages = { subscribe_page_url: string | null; websiteUrl: string | null };

/** Where a reader signs up: the newsletter's subscribe page, else its website, else nowhere. */
export function subscribePageFor(newsletter: Pages): string | null {
  for (const candidate of [newsletter.subscribe_page_url, newsletter.websiteUrl]) {
    const url = candidate?.trim();
    if (url && /^https?:\/\//i.test(url)) return url;
  }
  return null;
}
