import "server-only";
import { createHash } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import { ZipFile } from "yazl";
import { escapeHtml } from "@/lib/mail/content/html-text";
import { chapterXhtml, xhtmlDocument, xmlSafe } from "./xhtml";

/** One issue of a book. `html` is the sanitised body as the app serves it (images through the proxy). */
export type Chapter = { title: string; html: string };
export type BookMeta = {
  title: string;
  creators: string[];
  date: Date;
  /** What makes the book the same book when it is made again (an e-reader replaces it rather than adding another). */
  identity: string;
  language?: string;
  coverUrl?: string | null;
};
/** A fetched image; null when it cannot be had (any failure: the book is made without it). */
export type LoadedImage = { type: string; body: Buffer } | null;
export type ImageSource = {
  /** The image a body's `src` names, or null when it is not one the book may embed. */
  load(src: string): Promise<LoadedImage>;
  /** Images stop being added once they would pass this many bytes in all (a mail's size limit). */
  budgetBytes: number;
};

// The image types every EPUB reading system shows (EPUB 3's core media types, which epubcheck 4 knows).
const CORE_IMAGES: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };

const STYLE = `body { font-family: serif; line-height: 1.5; margin: 0 4%; }
h1 { font-size: 1.4em; line-height: 1.25; }
img { max-width: 100%; height: auto; }
table { max-width: 100%; border-collapse: collapse; }
`;

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

type ManifestItem = { id: string; href: string; type: string; properties?: string };

/** A UUID (in the form of version 5) of the identity, so one issue's book keeps one identifier. */
function bookUuid(identity: string): string {
  const hex = createHash("sha1").update(`paperboy epub ${identity}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// The package document's dates: dcterms:modified must be CCYY-MM-DDThh:mm:ssZ, without fractions.
const secondsIso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
const text = (value: string) => escapeHtml(xmlSafe(value));

function packageDocument(meta: BookMeta, items: ManifestItem[], spine: string[]): string {
  const creators = meta.creators.map((creator, index) => `    <dc:creator id="creator${index + 1}">${text(creator)}</dc:creator>`);
  const manifest = items.map(
    (item) =>
      `    <item id="${item.id}" href="${item.href}" media-type="${item.type}"${item.properties ? ` properties="${item.properties}"` : ""}/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${meta.language ?? "en"}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:uuid:${bookUuid(meta.identity)}</dc:identifier>
    <dc:title>${text(meta.title)}</dc:title>
${creators.join("\n")}
    <dc:language>${meta.language ?? "en"}</dc:language>
    <dc:date>${secondsIso(meta.date)}</dc:date>
    <dc:publisher>Paperboy</dc:publisher>
    <meta property="dcterms:modified">${secondsIso(new Date())}</meta>
  </metadata>
  <manifest>
${manifest.join("\n")}
  </manifest>
  <spine>
${spine.map((id) => `    <itemref idref="${id}"/>`).join("\n")}
  </spine>
</package>
`;
}

function navDocument(title: string, chapters: { title: string; href: string }[]): string {
  const entries = chapters.map((chapter) => `<li><a href="${chapter.href}">${text(chapter.title)}</a></li>`).join("\n");
  return xhtmlDocument(title, `<nav epub:type="toc" id="toc">\n<h1>Contents</h1>\n<ol>\n${entries}\n</ol>\n</nav>`, {
    epubNamespace: true,
  });
}

/**
 * Writes the book into `zip` entry by entry, as each chapter's images arrive: `mimetype` first and stored,
 * the container, each chapter and its images, then the package and navigation documents, which list them.
 */
async function writeBook(zip: ZipFile, meta: BookMeta, chapters: Chapter[], images: ImageSource): Promise<void> {
  const mtime = meta.date;
  zip.addBuffer(Buffer.from("application/epub+zip"), "mimetype", { compress: false, mtime });
  zip.addBuffer(Buffer.from(CONTAINER), "META-INF/container.xml", { mtime });
  zip.addBuffer(Buffer.from(STYLE), "OEBPS/style.css", { mtime });
  const items: ManifestItem[] = [
    { id: "nav", href: "nav.xhtml", type: "application/xhtml+xml", properties: "nav" },
    { id: "style", href: "style.css", type: "text/css" },
  ];
  let spent = 0;
  const embedded = new Map<string, string | null>();
  const embed = async (src: string, properties?: string): Promise<string | null> => {
    if (embedded.has(src)) return embedded.get(src)!;
    const image = await images.load(src);
    const extension = image ? CORE_IMAGES[image.type] : undefined;
    let href: string | null = null;
    if (image && extension && spent + image.body.length <= images.budgetBytes) {
      spent += image.body.length;
      const id = `image${embedded.size + 1}`;
      href = `images/${id}.${extension}`;
      zip.addBuffer(image.body, `OEBPS/${href}`, { mtime, compress: false });
      items.push({ id, href, type: image.type, properties });
    }
    embedded.set(src, href);
    return href;
  };
  if (meta.coverUrl) await embed(meta.coverUrl, "cover-image");
  const spine: string[] = [];
  const toc: { title: string; href: string }[] = [];
  for (const [index, chapter] of chapters.entries()) {
    const id = `chapter${index + 1}`;
    const href = `${id}.xhtml`;
    const xhtml = await chapterXhtml(chapter.html, chapter.title, (src) => embed(src));
    zip.addBuffer(Buffer.from(xhtml), `OEBPS/${href}`, { mtime });
    items.push({ id, href, type: "application/xhtml+xml" });
    spine.push(id);
    toc.push({ title: chapter.title, href });
  }
  zip.addBuffer(Buffer.from(navDocument(meta.title, toc)), "OEBPS/nav.xhtml", { mtime });
  zip.addBuffer(Buffer.from(packageDocument(meta, items, spine)), "OEBPS/content.opf", { mtime });
  zip.end();
}

/** The book as a stream of the EPUB file, written as it is made. */
export function bookStream(meta: BookMeta, chapters: Chapter[], images: ImageSource, onError: (error: unknown) => void): Readable {
  const zip = new ZipFile();
  // yazl's types call its output a NodeJS.ReadableStream; it is a PassThrough, which can be destroyed on failure.
  const output = zip.outputStream as PassThrough;
  const fail = (error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on("error", fail);
  writeBook(zip, meta, chapters, images).catch(fail);
  return output;
}

/** The whole book in memory, for a mail attachment. */
export async function bookBuffer(meta: BookMeta, chapters: Chapter[], images: ImageSource): Promise<Buffer> {
  let failure: unknown;
  const parts: Buffer[] = [];
  for await (const part of bookStream(meta, chapters, images, (error) => (failure = error))) parts.push(part as Buffer);
  if (failure) throw failure;
  return Buffer.concat(parts);
}
