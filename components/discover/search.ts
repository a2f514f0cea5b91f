/** docs/spec.md section 9: the discover search waits 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The term actually searched: surrounding spaces never matter, and a blank box means "no search". */
export function searchTerm(input: string): string {
  return input.trim().replace(/\s+/g, " ");
}

export function isSearching(term: string): boolean {
  return term !== "";
}
