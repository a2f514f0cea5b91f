import { describe, expect, it } from "vitest";
import { announcesFont, sniffFontType } from "./sniff";

const font = (signature: string) => Buffer.concat([Buffer.from(signature, "latin1"), Buffer.alloc(60)]);

describe("fonts", () => {
  it("are told by their first bytes: WOFF2, WOFF, TrueType, OpenType, collections", () => {
    expect(sniffFontType(font("wOF2"))).toBe("font/woff2");
    expect(sniffFontType(font("wOFF"))).toBe("font/woff");
    expect(sniffFontType(font("\x00\x01\x00\x00"))).toBe("font/ttf");
    expect(sniffFontType(font("true"))).toBe("font/ttf");
    expect(sniffFontType(font("OTTO"))).toBe("font/otf");
    expect(sniffFontType(font("ttcf"))).toBe("font/collection");
  });

  it("are not pages, images, SVG or a bare signature", () => {
    expect(sniffFontType(Buffer.from("<html><body>wOF2</body></html>"))).toBeNull();
    expect(
      sniffFontType(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64")),
    ).toBeNull();
    expect(sniffFontType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><font-face/></svg>'))).toBeNull();
    expect(sniffFontType(Buffer.from("wOF2"))).toBeNull();
  });

  it("may be announced as fonts or bare bytes, never as text, script or image", () => {
    for (const type of [
      "font/woff2",
      "application/font-woff",
      "application/x-font-ttf",
      "application/vnd.ms-opentype",
      "application/octet-stream; charset=binary",
      "binary/octet-stream",
    ])
      expect(announcesFont(type), type).toBe(true);
    for (const type of ["text/html", "text/css", "application/javascript", "image/svg+xml", "image/png", "", null])
      expect(announcesFont(type), String(type)).toBe(false);
  });
});
