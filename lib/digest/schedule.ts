/**
 * When a reader's digest is due (docs/contract.md 7.4), from their local hour, weekday and IANA time zone. Pure:
 * Intl does the zone arithmetic, so the rules of every zone and its DST changes come from the runtime.
 */
export type DigestFrequency = "off" | "daily" | "weekly";
export type DigestSchedule = { frequency: DigestFrequency; hour: number; weekday: number; timezone: string };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timezone: string): Intl.DateTimeFormat {
  let format = formats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formats.set(timezone, format);
  }
  return format;
}

/**
 * The zone's name as the runtime spells it (`europe/paris` -> `Europe/Paris`), or null when it knows no
 * such IANA zone. A link keeps the name given (`Europe/Kyiv`, which ICU may resolve to `Europe/Kiev`), so
 * Settings shows what the reader chose.
 */
export function canonicalTimezone(name: string): string | null {
  // Offsets (`+05:00`) and POSIX rules are not IANA names, though some runtimes take them.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number };

function wallTime(instant: number, timezone: string): Wall {
  const parts = Object.fromEntries(
    formatIn(timezone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, to the minute. */
function offsetAt(instant: number, timezone: string): number {
  const wall = wallTime(instant, timezone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant the zone's clocks read `hour`:00 on the given date. An hour skipped by a DST change is
 * read with the offset before the change (02:00 becomes 03:00); a repeated hour is its first occurrence.
 */
export function zonedInstant(date: { year: number; month: number; day: number }, hour: number, timezone: string): number {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, hour);
  const before = asUtc - offsetAt(asUtc - DAY_MS, timezone);
  const after = asUtc - offsetAt(asUtc + DAY_MS, timezone);
  const reads = (instant: number) => {
    const wall = wallTime(instant, timezone);
    return wall.year === date.year && wall.month === date.month && wall.day === date.day && wall.hour === hour && wall.minute === 0;
  };
  const valid = [before, after].filter(reads);
  return valid.length > 0 ? Math.min(...valid) : before;
}

function isoDate(date: { year: number; month: number; day: number }): string {
  return `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/**
 * The period whose digest is due at `now` (`daily:2026-11-27`, `weekly:2026-11-23`: the reader's local
 * date), or null. Due for the hour that starts at the chosen local hour, so a ticking worker sends it
 * within a minute and a worker back from an outage in that hour still does; the period key makes it once.
 */
export function duePeriod(schedule: DigestSchedule, now: Date): string | null {
  if (schedule.frequency === "off") return null;
  const instant = now.getTime();
  const today = wallTime(instant, schedule.timezone);
  // The hour may have started on the local day before (23:00 seen at 23:30, or a DST-shifted start).
  for (const offsetDays of [0, -1]) {
    const shifted = new Date(Date.UTC(today.year, today.month - 1, today.day + offsetDays));
    const date = { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
    if (schedule.frequency === "weekly" && shifted.getUTCDay() !== schedule.weekday) continue;
    const start = zonedInstant(date, schedule.hour, schedule.timezone);
    if (instant >= start && instant < start + HOUR_MS) return `${schedule.frequency}:${isoDate(date)}`;
  }
  return null;
}
