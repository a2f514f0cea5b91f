/** The protected header's title: the last path segment, capitalised (docs/spec.md section 2). */
export function titleFromPath(pathname: string): string {
  const segment = pathname.split("/").filter(Boolean).at(-1);
  if (!segment) return "Feed";
  let word: string;
  try {
    word = decodeURIComponent(segment);
  } catch {
    word = segment;
  }
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Issue and newsletter pages bring their own header. */
export function isHeaderHidden(pathname: string): boolean {
  return pathname.startsWith("/emails/") || pathname.startsWith("/newsletter/");
}

const COUNT_PREFIX = /^\(\d+\) /;

/** The tab's title with the count of unread issues in front ("(3) Feed · Paperboy"), or without one at 0. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(COUNT_PREFIX, "");
  return count > 0 ? `(${count}) ${base}` : base;
}
