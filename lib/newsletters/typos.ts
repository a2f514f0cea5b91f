/** Words shorter than this are matched as typed: one letter off in a three-letter word is another word. */
const MIN_TYPO_WORD = 4;
// Bounds the work of a long search.
const MAX_TYPO_WORDS = 4;
const MAX_WORD_LENGTH = 24;

/** The words of a search as the 'simple' text-search configuration keeps them: lower-case letters and digits. */
export function searchWords(term: string): string[] {
  return term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Whether `typed` is `word` but for one slip: a swapped neighbouring pair, a missing letter, an
 * extra letter or a wrong one (optimal string alignment distance at most 1).
 */
export function oneSlipApart(typed: string, word: string): boolean {
  const a = [...typed];
  const b = [...word];
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (start === a.length && start === b.length) return true;
  const rest = (left: string[], right: string[]) => left.join("") === right.join("");
  if (a.length === b.length) {
    // A wrong letter here, or this letter and the next swapped.
    if (rest(a.slice(start + 1), b.slice(start + 1))) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && rest(a.slice(start + 2), b.slice(start + 2));
  }
  // One letter more on the longer side.
  return a.length > b.length ? rest(a.slice(start + 1), b.slice(start)) : rest(a.slice(start), b.slice(start + 1));
}

/**
 * A 'simple' text query under which every word of 4 letters or more of the search appears as one of
 * the `vocabulary` words (those of public names and publishers) one slip away from it; null when the
 * search has no such word, or one of them has no such spelling (nothing can match).
 */
export function typoQuery(term: string, vocabulary: readonly string[]): string | null {
  const words = [
    ...new Set(searchWords(term).filter((word) => [...word].length >= MIN_TYPO_WORD && [...word].length <= MAX_WORD_LENGTH)),
  ].slice(0, MAX_TYPO_WORDS);
  if (words.length === 0) return null;
  const groups: string[] = [];
  for (const word of words) {
    const spellings = vocabulary.filter((known) => oneSlipApart(word, known));
    if (spellings.length === 0) return null;
    groups.push(`(${spellings.join(" | ")})`);
  }
  return groups.join(" & ");
}

/** A 'simple' text query of the search's words as typed or begun; null without a word. */
export function prefixQuery(term: string): string | null {
  const words = [...new Set(searchWords(term))].slice(0, 16);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(" & ");
}
