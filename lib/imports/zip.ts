import "server-only";
import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { UploadGoneError, UploadZipReader, type StoredUpload } from "./upload";

/** A zip refused whole, with the reason the reader is shown. */
export class ZipRefusedError extends Error {}

// A message compresses about 4:1 and a newsletter's HTML maybe 10:1; 100:1 over a megabyte is a bomb.
const MAX_RATIO = 100;
const RATIO_FLOOR_BYTES = 1_048_576;
const MAX_ENTRIES = 500_000;
const ARCHIVE_NAME = /\.(zip|jar|7z|rar|gz|tgz|tar|bz2|xz|zst)$/i;

function open(upload: StoredUpload): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new UploadZipReader(upload.key),
      upload.size,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => {
        if (error) reject(refusal(error));
        else resolve(zip);
      },
    );
  });
}

/** yauzl's own checks, in words a reader can act on; a lost upload is not the zip's fault. */
function refusal(error: Error): Error {
  if (error instanceof UploadGoneError) return error;
  const message = error.message;
  if (/relative path|absolute path|invalid characters|backslash/i.test(message)) {
    return new ZipRefusedError("The zip names a file outside itself (a ../ or absolute path): nothing was imported.");
  }
  return new ZipRefusedError(`This is not a readable zip file (${message.slice(0, 200)}).`);
}

function isMessageEntry(entry: Entry): boolean {
  const name = entry.fileName;
  return !name.endsWith("/") && /\.eml$/i.test(name) && !name.startsWith("__MACOSX/") && !/(^|\/)\._/.test(name);
}

/** The checks of the whole zip, read from its central directory: every refusal happens before a byte is unpacked. */
function checkEntry(entry: Entry, totals: { entries: number; bytes: number }, maxBytes: number): void {
  const name = entry.fileName;
  totals.entries++;
  totals.bytes += entry.uncompressedSize;
  if (totals.entries > MAX_ENTRIES) throw new ZipRefusedError(`The zip holds more than ${MAX_ENTRIES} files.`);
  if (ARCHIVE_NAME.test(name)) throw new ZipRefusedError(`The zip holds another archive (${name.slice(0, 100)}): unpack it first.`);
  if (entry.isEncrypted()) throw new ZipRefusedError("The zip is encrypted.");
  const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
  if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > MAX_RATIO) {
    throw new ZipRefusedError(`The zip expands ${Math.round(ratio)} times (${name.slice(0, 100)}): refused as a zip bomb.`);
  }
  if (totals.bytes > maxBytes) throw new ZipRefusedError("The zip expands past the import size limit.");
}

/** Every entry of the zip, in order, after its checks; the zip is closed at the end or on a break. */
async function* entries(upload: StoredUpload, maxBytes: number): AsyncGenerator<{ zip: ZipFile; entry: Entry }> {
  const zip = await open(upload);
  const totals = { entries: 0, bytes: 0 };
  try {
    for (;;) {
      const entry = await new Promise<Entry | null>((resolve, reject) => {
        const onEntry = (value: Entry) => done(null, value);
        const onEnd = () => done(null, null);
        const onError = (error: Error) => done(error, null);
        const done = (error: Error | null, value: Entry | null) => {
          zip.off("entry", onEntry).off("end", onEnd).off("error", onError);
          if (error) reject(refusal(error));
          else resolve(value);
        };
        zip.on("entry", onEntry).on("end", onEnd).on("error", onError);
        zip.readEntry();
      });
      if (!entry) return;
      checkEntry(entry, totals, maxBytes);
      yield { zip, entry };
    }
  } finally {
    zip.close();
  }
}

/** Checks the whole zip and counts its messages; throws ZipRefusedError for a hostile or useless one. */
export async function inspectZip(upload: StoredUpload, maxBytes: number): Promise<number> {
  let messages = 0;
  for await (const { entry } of entries(upload, maxBytes)) if (isMessageEntry(entry)) messages++;
  if (messages === 0) throw new ZipRefusedError("The zip holds no .eml files.");
  return messages;
}

export type ZipMessage = { index: number; name: string; raw: Buffer | null; reason: string | null };

function readEntry(zip: ZipFile, entry: Entry, maxBytes: number): Promise<{ raw: Buffer | null; reason: string | null }> {
  if (entry.uncompressedSize > maxBytes) return Promise.resolve({ raw: null, reason: "Larger than the largest message accepted." });
  return new Promise((resolve) => {
    zip.openReadStream(entry, (error, stream: Readable | undefined) => {
      if (error || !stream) return resolve({ raw: null, reason: `Could not be unpacked (${error?.message ?? "no data"}).` });
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (failure: Error) => resolve({ raw: null, reason: `Could not be unpacked (${failure.message}).` }));
      stream.on("end", () => resolve({ raw: Buffer.concat(chunks), reason: null }));
    });
  });
}

/** The zip's messages from the `from`-th on (0-based, counting .eml entries only). */
export async function* zipMessages(upload: StoredUpload, from: number, maxBytes: number, importLimit: number): AsyncGenerator<ZipMessage> {
  let index = 0;
  for await (const { zip, entry } of entries(upload, importLimit)) {
    if (!isMessageEntry(entry)) continue;
    if (index >= from) {
      const { raw, reason } = await readEntry(zip, entry, maxBytes);
      const nested = raw !== null && raw.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      yield { index, name: entry.fileName, raw: nested ? null : raw, reason: nested ? "Another archive, not a message." : reason };
    }
    index++;
  }
}
