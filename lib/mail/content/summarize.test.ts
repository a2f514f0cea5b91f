import { describe, expect, it } from "vitest";
import { countWords, deriveFromHtml, summarize } from "./summarize";

describe("countWords", () => {
  it.each([
    ["Hello, world!", 2],
    ["It's a well-known fact: 3.5 people read e.g. this.", 9],
    ["Crêpes à la française — déjà vu", 6],
    ["see https://letters.example.org/plain?a=1&b=2 now", 9],
    ["今週のニュースをお届けします", 8],
    ["", 0],
  ])("counts %j as %i words", (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });

  it("counts CJK text among Latin words exactly as the segmenter does over the whole of it", () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
    const bySegmenter = (text: string) => [...segmenter.segment(text)].filter((segment) => segment.isWordLike).length;
    const pool = [
      "今週の",
      "ニュース",
      "한국어",
      "ภาษาไทย",
      "word",
      "don’t",
      "e.g.",
      "well-known",
      "3.5",
      "a.5",
      "_x_",
      "“quoted”",
      "(aside),",
      "Ünïcödé",
      "naïve—",
      "😀",
      "🇫🇷",
      "a\u0301",
      "…",
      "。",
      " ",
      " ",
      "\n",
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % pool.length;
    for (let sample = 0; sample < 500; sample++) {
      const text = `中文 ${Array.from({ length: 30 }, () => pool[next()]).join("")}`;
      expect(countWords(text), text).toBe(bySegmenter(text));
    }
  });

  it("counts a long mixed-script text, read in pieces, exactly as the sum of its parts", () => {
    const unit = "今週のニュースをお届けします and a few well-known English words. ";
    expect(countWords(unit.repeat(700))).toBe(countWords(unit) * 700);
  });
});

describe("deriveFromHtml", () => {
  it("takes the hidden preheader, skips chrome in the summary and tiny images for the thumbnail", () => {
    const derived = deriveFromHtml(
      '<div style="display:none">The preview line&zwnj;&nbsp;&#847;</div><p><a href="https://x.example/web">View in browser</a></p><img src="https://x.example/logo.png" width="200"><img src="https://x.example/small.png" width="40" height="40"><img src="https://x.example/hero.jpg" width="600"><p>First real paragraph of the issue, with enough words to count.</p>',
      "Subject",
    );
    expect(derived).toMatchObject({
      preheader: "The preview line",
      summary: "The preview line",
      thumbnailUrl: "https://x.example/hero.jpg",
      wordCount: 14,
    });
  });

  it("prefers the image the mail declares for link previews, and never takes a badge or an open pixel", async () => {
    const { sanitizeEmailHtml } = await import("./sanitize");
    const { startDerivation } = await import("./summarize");
    const derive = (html: string) => {
      const derivation = startDerivation("Subject");
      sanitizeEmailHtml(html, { sink: derivation });
      return derivation.finish().thumbnailUrl;
    };
    const head = '<head><meta property="og:image" content="https://static.axios.com/img-email/socialcard_axiosam3.jpg"></head>';
    expect(
      derive(
        `${head}<body><img src="https://link.axios.com/img/624d3447776363102d0b2208hbv6u.bdsb/39c4b23e.gif"><img src="https://images.axios.com/hero.jpg" width="600"></body>`,
      ),
    ).toBe("https://static.axios.com/img-email/socialcard_axiosam3.jpg");
    expect(
      derive(
        '<img src="https://link.axios.com/img/624d3447776363102d0b2208hbv6u.bdsb/39c4b23e.gif"><img src="https://images.axios.com/hero.jpg" width="600">',
      ),
    ).toBe("https://images.axios.com/hero.jpg");
    expect(
      derive(
        '<img alt="Publish on Substack" src="https://cdn.substack.com/image/fetch/w_340/https%3A%2F%2Fsubstack.com%2Fimg%2Fpublish-on-substack.png" width="170">',
      ),
    ).toBeNull();
  });

  it("turns filler and every run of white space into one space, as a filler pass and then a white-space pass would", () => {
    const pool = [
      "a",
      "word",
      " ",
      " ",
      "\t",
      "\n",
      "\u00a0",
      "\u2007",
      "\u2028",
      "\u3000",
      "\u034f",
      "\u00ad",
      "\u200b",
      "\u200c",
      "\u200d",
      "\u2060",
      "\ufeff",
      "é",
    ];
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % pool.length;
    for (let sample = 0; sample < 300; sample++) {
      const text = Array.from({ length: 40 }, () => pool[next()]).join("");
      const expected = text
        .replace(/[\u034f\u00ad\u200b-\u200f\u2007\u2060\ufeff\u00a0\u2028\u2029]/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      expect(deriveFromHtml(`<p>${text}</p>`, "Subject").text).toBe(expected);
    }
  });

  it("starts the summary at the first sentence: past bylines, titles, forwarding notes and 'Read Online' lines", () => {
    expect(
      summarize([
        "Venture Capitalist at Redpoint",
        "If you were forwarded this newsletter, and you'd like to receive it in the future, subscribe here.",
        "Grey Skies in Cloud Earnings",
        "I’m watching public company earnings to identify early weaknesses in the software market.",
      ]),
    ).toBe("I’m watching public company earnings to identify early weaknesses in the software market.");
    expect(
      summarize(["March 7, 2022 | Read Online", "GM, this is the Milk Road. The daily email that tells you what’s going on in crypto."]),
    ).toBe("GM, this is the Milk Road. The daily email that tells you what’s going on in crypto.");
    expect(summarize(["Short title", "No sentence"])).toBe("Short title No sentence");
  });

  it("leaves out the separator a template puts after its preheader", () => {
    const derived = deriveFromHtml(
      '<div class="preheader" style="color:white;height:0">Plus an interesting monochrome graphics library for the terminal. | </div><p>Body text here.</p>',
      "Golang Weekly",
    );
    expect(derived.summary).toBe("Plus an interesting monochrome graphics library for the terminal.");
  });

  it("summarizes at most 300 characters on a word boundary", () => {
    const summary = summarize(["A fairly long opening line that keeps going. ".repeat(12)]);
    expect(summary.length).toBeLessThanOrEqual(300);
    expect(summary.endsWith(".")).toBe(true);
  });
});
