import "server-only";
import { xmlWritable } from "./xml";

export type OpmlOutline = { title: string; xmlUrl: string; htmlUrl: string | null };

const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function attributes(values: Record<string, string | null>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => ` ${name}="${escapeXml(xmlWritable(value))}"`)
    .join("");
}

/** An OPML 2.0 subscription list: one outline per feed, every value escaped. */
export function opmlDocument(title: string, created: Date, outlines: OpmlOutline[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    "  <head>",
    `    <title>${escapeXml(xmlWritable(title))}</title>`,
    `    <dateCreated>${created.toUTCString()}</dateCreated>`,
    "  </head>",
    "  <body>",
    ...outlines.map(
      (outline) =>
        `    <outline${attributes({ type: "rss", text: outline.title, title: outline.title, xmlUrl: outline.xmlUrl, htmlUrl: outline.htmlUrl })}/>`,
    ),
    "  </body>",
    "</opml>",
  ];
  return `${lines.join("\n")}\n`;
}
