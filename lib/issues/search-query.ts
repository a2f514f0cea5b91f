/** Reading states `is:` narrows to. */
export type SearchState = "unread" | "read" | "liked" | "favorite";

/**
 * A feed search, its operators taken out (docs/contract.md 7.4). `text` is what is left, searched as words as
 * before; every part narrows further (all must hold).
 */
export type SearchQuery = {
  text: string;
  phrases: string[];
  excluded: string[];
  from: string[];
  newsletters: string[];
  folders: string[];
  states: SearchState[];
  /** Received before this UTC day (YYYY-MM-DD), or on or after it. */
  before: string | null;
  after: string | null;
};

export type ParsedSearch = { ok: true; query: SearchQuery } | { ok: false; message: string };

const STATE_ALIASES: Record<string, SearchState> = {
  unread: "unread",
  read: "read",
  liked: "liked",
  favorite: "favorite",
  favourite: "favorite",
  favorited: "favorite",
  favourited: "favorite",
};

// One term: an optional minus, an optional `name:`, then a quoted value (its closing quote optional) or a bare one.
const TERM = /(-?)(?:([a-z]+):)?(?:"([^"]*)"?|([^\s"]*))/iy;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` names a real calendar day as YYYY-MM-DD. */
function isDay(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function emptySearch(): SearchQuery {
  return { text: "", phrases: [], excluded: [], from: [], newsletters: [], folders: [], states: [], before: null, after: null };
}

/** Whether the search holds more than words: then it cannot take the words-only path. */
export function hasOperators(query: SearchQuery): boolean {
  const { phrases, excluded, from, newsletters, folders, states, before, after } = query;
  return phrases.length + excluded.length + from.length + newsletters.length + folders.length + states.length > 0 || !!before || !!after;
}

export function isEmptySearch(query: SearchQuery): boolean {
  return query.text === "" && !hasOperators(query);
}

/** Splits a search into its operators and words; an unknown operator is words, a malformed date or state an error. */
export function parseSearch(input: string): ParsedSearch {
  const query = emptySearch();
  const words: string[] = [];
  for (let at = 0; at < input.length;) {
    if (/\s/.test(input[at]!)) {
      at += 1;
      continue;
    }
    TERM.lastIndex = at;
    const match = TERM.exec(input)!;
    at += Math.max(match[0].length, 1);
    const [raw, minus, rawName, quoted, bare] = match;
    const value = (quoted ?? bare ?? "").trim();
    const name = rawName?.toLowerCase();
    if (minus && !rawName) {
      if (value) query.excluded.push(value);
      continue;
    }
    if (!rawName && quoted !== undefined) {
      if (value) query.phrases.push(value);
      continue;
    }
    if (!value || minus || !name) {
      words.push(raw);
      continue;
    }
    if (name === "from") query.from.push(value.toLowerCase());
    else if (name === "newsletter") query.newsletters.push(value);
    else if (name === "folder") query.folders.push(value);
    else if (name === "is") {
      const state = STATE_ALIASES[value.toLowerCase()];
      if (!state)
        return { ok: false, message: `is:${value} is not a state to search by: use is:unread, is:read, is:liked or is:favorite.` };
      if (!query.states.includes(state)) query.states.push(state);
    } else if (name === "before" || name === "after") {
      if (!isDay(value)) return { ok: false, message: `${name}: takes a date as YYYY-MM-DD, like ${name}:2024-01-31.` };
      query[name] = value;
    } else words.push(raw);
  }
  // Punctuation beside operators searches for nothing; alone, it stays the search it was (which finds nothing).
  const searchable = words.filter((word) => /[\p{L}\p{N}]/u.test(word));
  query.text = (searchable.length > 0 || hasOperators(query) ? searchable : words).join(" ");
  return { ok: true, query };
}

/** How `from:` reads its value: a whole address, a domain (`x.com`, `@x.com`), or any part of the sender. */
export function fromKind(value: string): { kind: "address" | "domain" | "sender"; value: string } {
  if (value.startsWith("@")) return { kind: "domain", value: value.slice(1) };
  if (value.includes("@")) return { kind: "address", value };
  if (value.includes(".")) return { kind: "domain", value };
  return { kind: "sender", value };
}
