const KEY = "paperboy.feed-return";

/** The feed page and filters the reader last saw, so 'Back to Feed' returns to the same place. */
export function rememberFeedUrl(url: string) {
  try {
    sessionStorage.setItem(KEY, url);
  } catch {
    // Storage can be unavailable (private modes); the plain /feed link still works.
  }
}

export function rememberedFeedUrl(): string {
  try {
    const url = sessionStorage.getItem(KEY);
    return url?.startsWith("/feed") ? url : "/feed";
  } catch {
    return "/feed";
  }
}
