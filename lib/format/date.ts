const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatShortDate(value: string | null | undefined, fallback = ""): string {
  const date = parse(value);
  return date ? shortDate.format(date) : fallback;
}

export function formatDateTime(value: string | null | undefined, fallback = ""): string {
  const date = parse(value);
  return date ? dateTime.format(date) : fallback;
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["week", 604_800],
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 hours ago", "yesterday", "just now" for a past moment; `now` is a parameter for tests. */
export function formatRelativeTime(value: string | null | undefined, now = Date.now()): string {
  const date = parse(value);
  if (!date) return "";
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}
