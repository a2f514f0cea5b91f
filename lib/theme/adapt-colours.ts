import { colord, extend, type HslaColor } from "colord";
import namesPlugin from "colord/plugins/names";
import { STYLE_SHEET, settledBody, type IssueColours } from "./issue-colours";

// Apart from issue-colours.ts: the colour library is fetched only when an issue is shown adapted to the dark
// theme, not with every issue page (issue 41's budget).
extend([namesPlugin]);

type Role = "text" | "background" | "border";

const ROLE_OF: Record<string, Role> = {
  color: "text",
  "text-decoration-color": "text",
  background: "background",
  "background-color": "background",
};
const roleOf = (property: string): Role | undefined =>
  ROLE_OF[property] ??
  (/^(?:border|outline|column-rule)(?:-(?:top|right|bottom|left|block|inline)(?:-(?:start|end))?)?(?:-color)?$/.test(property)
    ? "border"
    : undefined);

/**
 * A light colour becomes dark and a dark one light, keeping its hue: backgrounds brighter than mid grey
 * go down to the app's dark surfaces, text darker than it comes up to the app's light text, and
 * colours already on the dark side of their role (a saturated button, white text on it) stay.
 * Brightness is perceived brightness, not HSL lightness, which calls pure blue as light as mid grey.
 */
function adaptColour(token: string, role: Role): string {
  const colour = colord(token);
  if (!colour.isValid() || colour.alpha() === 0) return token;
  const brightness = colour.brightness();
  let lightness: number;
  if (role === "text") {
    if (brightness >= 0.5) return token;
    lightness = 88 - brightness * 30;
  } else {
    if (brightness <= 0.5) return token;
    lightness = (role === "border" ? 22 : 10) + (1 - brightness) * 30;
  }
  const { h, s, a }: HslaColor = colour.toHsl();
  return colord({ h, s: Math.min(s, 60), l: lightness, a }).toHex();
}

// url(...) and strings are passed over whole: a word inside them ("red" in a path, a font name) is no colour.
const VALUE_TOKEN = /url\([^)]*\)|"[^"]*"|'[^']*'|&quot;.*?&quot;|#[0-9a-f]{3,8}\b|(?:rgba?|hsla?)\([^)]*\)|\b[a-z]+\b/gi;

function adaptValue(value: string, role: Role): string {
  return value.replace(VALUE_TOKEN, (token) => (/^(?:url\(|["'&])/i.test(token) ? token : adaptColour(token, role)));
}

const DECLARATION = /([\w-]+)(\s*:\s*)([^;{}]*)/g;

/** Every colour of a style sheet or style attribute, adapted to its role (text, background or border). */
export function adaptCssColours(css: string): string {
  return css.replace(DECLARATION, (declaration, property: string, colon: string, value: string) => {
    const role = roleOf(property.toLowerCase());
    return role ? `${property}${colon}${adaptValue(value, role)}` : declaration;
  });
}

const TAG = /<[a-z][a-z0-9]*\b[^>]*>/gi;
const COLOUR_ATTRIBUTE = /(\s)(style|bgcolor|color)="([^"]*)"/gi;

function adaptTag(tag: string): string {
  return tag.replace(COLOUR_ATTRIBUTE, (_match, space: string, name: string, value: string) => {
    const lower = name.toLowerCase();
    const adapted = lower === "style" ? adaptCssColours(value) : adaptValue(value, lower === "bgcolor" ? "background" : "text");
    return `${space}${name}="${adapted}"`;
  });
}

/** Adapts every colour of a (sanitized) body: its style sheets, style attributes, bgcolor and color. */
export function adaptHtmlColours(html: string): string {
  let out = "";
  let done = 0;
  for (const match of html.matchAll(STYLE_SHEET)) {
    out += html.slice(done, match.index).replace(TAG, adaptTag) + match[1] + adaptCssColours(match[2]!) + match[3];
    done = match.index + match[0].length;
  }
  return out + html.slice(done).replace(TAG, adaptTag);
}

/** The body as shown in the chosen colours; the rest of the frame's document is the frame's own. */
export function bodyInColours(html: string, colours: IssueColours): string {
  const settled = settledBody(html, colours !== "original");
  return colours === "adapted" ? adaptHtmlColours(settled) : settled;
}
