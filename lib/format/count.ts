const UNITS = [
  { size: 1_000_000, suffix: "m" },
  { size: 1_000, suffix: "k" },
] as const;

/** docs/spec.md section 9: 1000 and above as k, a million and above as m, one decimal, no trailing .0. */
export function formatCount(value: number): string {
  for (const [index, { size, suffix }] of UNITS.entries()) {
    if (value < size) continue;
    const rounded = Math.round((value / size) * 10) / 10;
    // 999,999 rounds to "1000k"; the next unit up says it better.
    const larger = UNITS[index - 1];
    if (rounded >= 1000 && larger) return formatCount(larger.size);
    return `${rounded}${suffix}`;
  }
  const almostThousand = Math.round(value * 10) / 10;
  return String(almostThousand);
}
