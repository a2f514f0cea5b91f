import type { Theme } from "./theme";

/**
 * How an issue body is shown (docs/contract.md 7.3): as its sender made it for a light page, with the
 * sender's own dark styles, or with its colours adapted to the dark theme.
 */
export type IssueColours = "original" | "own-dark" | "adapted";

/** The reader's choice of the sender's original colours in the dark theme, kept beside the theme's. */
export const ORIGINAL_COLOURS_STORAGE_KEY = "issue-colours";
export const ORIGINAL_COLOURS = "original";

export const STYLE_SHEET = /(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi;
const DARK_QUERY = /prefers-color-scheme\s*:\s*dark/i;
const DARK_SCHEME = /(?:^|[\s;{])(?:supported-)?color-schemes?\s*:[^;}]*\bdark\b/i;

/** Whether the body's style sheets declare dark styles of their own: a dark media query or a dark colour scheme. */
export function declaresDarkStyles(html: string): boolean {
  for (const [, , css] of html.matchAll(STYLE_SHEET)) if (DARK_QUERY.test(css!) || DARK_SCHEME.test(css!)) return true;
  return false;
}

export function issueColours(html: string, theme: Theme | null, originalChosen: boolean): IssueColours {
  if (theme !== "dark" || originalChosen) return "original";
  return declaresDarkStyles(html) ? "own-dark" : "adapted";
}

// A frame's prefers-color-scheme follows the system, not the page's theme: each such media feature is
// settled here to the colours shown, so a sender's dark styles apply exactly when the issue is dark.
const SCHEME_FEATURE = /\(\s*prefers-color-scheme\s*:\s*(dark|light)\s*\)/gi;
const ALWAYS = "(min-width: 0px)";
const NEVER = "(max-width: -1px)";

function settleSchemeQueries(css: string, dark: boolean): string {
  return css.replace(SCHEME_FEATURE, (_match, scheme: string) => ((scheme.toLowerCase() === "dark") === dark ? ALWAYS : NEVER));
}

/**
 * The body's style sheets with their scheme queries settled to the colours shown: the whole body as shown in
 * the original or the sender's own dark colours; adapted colours take adapt-colours.ts's bodyInColours too.
 */
export function settledBody(html: string, dark: boolean): string {
  return html.replace(STYLE_SHEET, (_sheet, open: string, css: string, close: string) => open + settleSchemeQueries(css, dark) + close);
}
