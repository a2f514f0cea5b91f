import { describe, expect, it } from "vitest";
import { readZip } from "@/tests/support/zip";
import { bookBuffer, type ImageSource } from "./book";

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes: number) => Buffer.concat([PNG_HEADER, Buffer.alloc(bytes - PNG_HEADER.length)]);

describe("bookBuffer", () => {
  it("leaves out the images that would pass the budget, keeping smaller ones after them, so a big issue fits a mail", async () => {
    const sizes: Record<string, number> = { "/big-1": 600, "/big-2": 600, "/small": 100 };
    const images: ImageSource = { load: async (src) => ({ type: "image/png", body: png(sizes[src]!) }), budgetBytes: 1000 };
    const html = '<p><img src="/big-1" alt="one"><img src="/big-2" alt="two"><img src="/small" alt="three"></p>';
    const book = await bookBuffer(
      { title: "Big", creators: ["Sender"], date: new Date(0), identity: "t" },
      [{ title: "Big", html }],
      images,
    );
    const entries = await readZip(book);
    expect(entries.filter((entry) => entry.name.startsWith("OEBPS/images/")).map((entry) => entry.data.length)).toEqual([600, 100]);
    const chapter = entries.find((entry) => entry.name === "OEBPS/chapter1.xhtml")!.data.toString();
    expect(chapter).toContain('<img src="images/image1.png" alt="one"/><img src="images/image3.png" alt="three"/>');
    expect(chapter).not.toContain("two");
  });

  it("embeds only the image types every reading system shows", async () => {
    const webp = Buffer.from("RIFF\0\0\0\0WEBPVP8 ");
    const images: ImageSource = { load: async () => ({ type: "image/webp", body: webp }), budgetBytes: 1000 };
    const book = await bookBuffer(
      { title: "W", creators: ["S"], date: new Date(0), identity: "w" },
      [{ title: "W", html: '<img src="/w">' }],
      images,
    );
    const entries = await readZip(book);
    expect(entries.some((entry) => entry.name.includes("images/"))).toBe(false);
  });
});
