/** Words shorter than this are matched as typed: one letter off in a three-letter word is another word. */
export const MIN_TYPO_WORD = 4;
// Bounds the query a long search turns into (about 800 spellings for a 10-letter word).
const MAX_TYPO_WORDS = 4;
const MAX_WORD_LENGTH = 24;
const ALPHABET = [..."abcdefghijklmnopqrstuvwxyz0123456789"];

/** The words of a search as the 'simple' text-search configuration keeps them: lower-case letters and digits. */
export function searchWords(term: string): string[] {
  return (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length <= MAX_WORD_LENGTH * 2);
}

/**
 * Every spelling one slip away from `word`: a swapped neighbouring pair, a missing letter, an extra
 * letter or a wrong one (Damerau-Levenshtein distance 1), and the word itself. Letters come from a-z,
 * 0-9 and the word's own other letters (so "cafe" finds "café" only if typed with an accent somewhere).
 */
export function oneSlipAway(word: string): string[] {
  const letters = [...word];
  const alphabet = [...new Set([...ALPHABET, ...letters])];
  const spellings = new Set<string>([word]);
  const join = (parts: string[]) => parts.join("");
  for (let at = 0; at <= letters.length; at++) {
    const before = letters.slice(0, at);
    const after = letters.slice(at);
    // The reader left out the letter the name has here.
    for (const letter of alphabet) spellings.add(join([...before, letter, ...after]));
    if (at === letters.length) continue;
    const rest = letters.slice(at + 1);
    // The reader typed a letter the name does not have here, or the wrong one.
    spellings.add(join([...before, ...rest]));
    for (const letter of alphabet) spellings.add(join([...before, letter, ...rest]));
    if (at + 1 < letters.length) spellings.add(join([...before, letters[at + 1], letters[at], ...letters.slice(at + 2)]));
  }
  return [...spellings];
}

/**
 * A 'simple' text query under which every word of 4 letters or more must appear in some spelling
 * one slip away; null when the search has no such word.
 */
export function typoQuery(term: string): string | null {
  const words = [...new Set(searchWords(term).filter((word) => [...word].length >= MIN_TYPO_WORD && [...word].length <= MAX_WORD_LENGTH))].slice(0, MAX_TYPO_WORDS);
  if (words.length === 0) return null;
  return words.map((word) => `(${oneSlipAway(word).join(" | ")})`).join(" & ");
}

/** A 'simple' text query of the search's words as typed or begun; null without a word. */
export function prefixQuery(term: string): string | null {
  const words = [...new Set(searchWords(term))].slice(0, 16);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(" & ");
}
