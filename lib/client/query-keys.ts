/**
 * The cache keys of the reader's API answers, apart from their hooks so that the server, drawing a page's
 * first answer (lib/first-paint), puts its data under the very keys the browser's hooks read.
 */
export const userKeys = {
  all: ["users"] as const,
  me: () => [...userKeys.all, "me"] as const,
};

export const subscriptionKeys = {
  all: ["subscriptions"] as const,
  list: () => [...subscriptionKeys.all, "list"] as const,
};

export const emailKeys = {
  all: ["emails"] as const,
  lists: () => [...emailKeys.all, "list"] as const,
  list: (query: string) => [...emailKeys.lists(), query] as const,
  details: () => [...emailKeys.all, "detail"] as const,
  detail: (id: number) => [...emailKeys.details(), id] as const,
  recentAll: () => [...emailKeys.all, "recent"] as const,
  recent: (newsletterId: number) => [...emailKeys.recentAll(), newsletterId] as const,
};

export const newsletterKeys = {
  all: ["newsletters"] as const,
  featured: () => [...newsletterKeys.all, "featured"] as const,
  recommended: () => [...newsletterKeys.all, "recommended"] as const,
  trendingIssues: () => [...newsletterKeys.all, "trending-issues"] as const,
  categories: () => [...newsletterKeys.all, "categories"] as const,
  category: (categoryId: number) => [...newsletterKeys.all, "category", categoryId] as const,
  search: (term: string) => [...newsletterKeys.all, "search", term] as const,
  detail: (newsletterId: number) => [...newsletterKeys.all, "detail", newsletterId] as const,
};

export const controlKeys = {
  blocked: ["blocked-senders"] as const,
  deliveries: ["deliveries"] as const,
};

export const folderKeys = {
  all: ["folders"] as const,
  list: () => [...folderKeys.all, "list"] as const,
};

export const commentKeys = {
  all: ["comments"] as const,
  issue: (emailId: number) => [...commentKeys.all, "issue", emailId] as const,
};
