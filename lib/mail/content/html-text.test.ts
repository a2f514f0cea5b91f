import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-text";

describe("htmlToText", () => {
  it("puts blocks on their own lines, without blank lines between them, and collapses spaces, tabs and no-break spaces", () => {
    expect(htmlToText("<div>From:\t Ann&nbsp;&nbsp;Lee</div><p> Subject: Hello </p><style>p{}</style><p>a  b</p>")).toBe(
      "From: Ann Lee\nSubject: Hello\na b",
    );
  });

  it("keeps the cells of a table row on one line", () => {
    expect(htmlToText("<table><tr><th>Subject: </th><td>Hello</td></tr><tr><th>From: </th><td>Ann</td></tr></table>")).toBe(
      "Subject: Hello\nFrom: Ann",
    );
  });

  it("marks Outlook on the web's forward header block with Outlook's separator line", () => {
    expect(htmlToText('<div>FYI</div><hr><div id="divRplyFwdMsg"><b>From:</b> Ann</div>')).toBe(
      "FYI\n________________________________\nFrom: Ann",
    );
  });

  it("collapses every run of horizontal space exactly as one replace of the whole run would", () => {
    const pool = ["a", "word", " ", " ", "\t", "\u00a0", "&nbsp;", "\n", "<br>", "<p>", "</p>"];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % pool.length;
    for (let sample = 0; sample < 300; sample++) {
      const html = Array.from({ length: 40 }, () => pool[next()]).join("");
      const text = htmlToText(html);
      expect(text).not.toMatch(/[ \t\u00a0]{2,}|[\t\u00a0]/);
      expect(text.replace(/[ \t\u00a0]+/g, " ")).toBe(text);
    }
  });
});
