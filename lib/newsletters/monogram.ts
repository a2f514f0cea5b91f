const SKIPPED = new Set(["the", "a", "an", "of", "and", "&"]);

/**
 * What the UI draws when a newsletter has no logo, or the browser cannot load it:
 * up to two initials and a hue that stays the same for the same name.
 */
export function monogram(name: string): { initials: string; hue: number } {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const meaningful = words.filter((word) => !SKIPPED.has(word.toLowerCase()));
  const chosen = (meaningful.length > 0 ? meaningful : words).slice(0, 2);
  const initials =
    chosen
      .map((word) => [...word][0] ?? "")
      .join("")
      .toLocaleUpperCase() || "?";
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return { initials, hue: hash % 360 };
}
