const KEY = "paperboy.feed-return";
const POSITION_KEY = "paperboy.feed-position";

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

/**
 * Where the reader was on a feed page: its scroll position and the issue they last opened or
 * selected. `returning` is set by a way back from an issue (u, Escape, Back to Feed), so a plain
 * visit to the feed starts at the top.
 */
export type FeedPosition = { url: string; scrollY: number | null; emailId: number | null; returning?: boolean; focusSearch?: boolean };

function readPosition(): FeedPosition | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(POSITION_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { url, scrollY, emailId } = value as Record<string, unknown>;
    if (typeof url !== "string" || (scrollY !== null && typeof scrollY !== "number") || (emailId !== null && typeof emailId !== "number"))
      return null;
    return value as FeedPosition;
  } catch {
    return null;
  }
}

function writePosition(position: FeedPosition) {
  try {
    sessionStorage.setItem(POSITION_KEY, JSON.stringify(position));
  } catch {
    // Without storage the feed opens at its top: nothing is lost but the place.
  }
}

export function rememberFeedPosition(position: Omit<FeedPosition, "returning" | "focusSearch">) {
  writePosition(position);
}

/** The issue now open, so the feed selects it when the reader comes back. */
export function rememberOpenedIssue(emailId: number) {
  const position = readPosition();
  writePosition({ url: position?.url ?? rememberedFeedUrl(), scrollY: position?.scrollY ?? null, emailId });
}

/** Marks the way back from an issue; the feed page then restores its position (and focuses search if asked). */
export function markReturnToFeed(options: { focusSearch?: boolean } = {}) {
  const position = readPosition();
  const url = rememberedFeedUrl();
  const same = position?.url === url;
  // Another page of the feed (j went past the end of the one left) has no scroll position of its own.
  writePosition({
    url,
    scrollY: same ? position.scrollY : null,
    emailId: position?.emailId ?? null,
    returning: true,
    focusSearch: options.focusSearch,
  });
}

/** The position to restore on a return to `url`, or null: no way back was taken, or it led elsewhere. */
export function peekFeedReturn(url: string): FeedPosition | null {
  const position = readPosition();
  return position?.returning && position.url === url ? position : null;
}

/** A return is restored once: later visits to the feed start afresh. */
export function forgetFeedReturn() {
  const position = readPosition();
  if (position?.returning) writePosition({ ...position, returning: false, focusSearch: false });
}
