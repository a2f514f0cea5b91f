/** The raster formats browsers show, told by their first bytes. SVG is not among them: it is a document that can run script. */
const SIGNATURES: { type: string; test: (bytes: Buffer) => boolean }[] = [
  { type: "image/jpeg", test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/png", test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/gif", test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1")) },
  { type: "image/webp", test: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
  {
    type: "image/avif",
    test: (b) => b.subarray(4, 8).toString("latin1") === "ftyp" && /^avi[fs]$/.test(b.subarray(8, 12).toString("latin1")),
  },
  { type: "image/bmp", test: (b) => b.length > 14 && b.subarray(0, 2).toString("latin1") === "BM" },
  { type: "image/x-icon", test: (b) => b.length > 6 && b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0 },
];

/** The image type the bytes are, or null when they are not a raster image we serve. */
export function sniffImageType(bytes: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.test(bytes))?.type ?? null;
}

/** Whether a Content-Type announces an image other than SVG (the bytes are checked apart). */
export function announcesImage(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type.startsWith("image/") && !type.includes("svg");
}

/** The web font formats, told by their first four bytes (the sfnt version or the WOFF signature). */
const FONT_SIGNATURES = new Map([
  ["wOF2", "font/woff2"],
  ["wOFF", "font/woff"],
  ["OTTO", "font/otf"],
  ["\x00\x01\x00\x00", "font/ttf"],
  ["true", "font/ttf"],
  ["ttcf", "font/collection"],
]);

/** The font type the bytes are, or null when they are no font we serve. */
export function sniffFontType(bytes: Buffer): string | null {
  return bytes.length > 12 ? (FONT_SIGNATURES.get(bytes.subarray(0, 4).toString("latin1")) ?? null) : null;
}

// Font servers label fonts many ways (S3 says octet-stream); a page, a script or an image is never one.
const FONT_TYPES =
  /^(?:font\/[\w.+-]+|application\/(?:x-)?font-[\w.+-]+|application\/vnd\.ms-opentype|(?:application|binary)\/octet-stream)$/;

/** Whether a Content-Type may announce a font (the bytes are checked apart). */
export function announcesFont(contentType: string | null): boolean {
  return FONT_TYPES.test((contentType ?? "").split(";")[0]!.trim().toLowerCase());
}
