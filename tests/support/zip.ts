import yauzl from "yauzl";

export type ZipEntry = { name: string; stored: boolean; data: Buffer };

/** Every entry of a zip in the order it is written, with whether it was stored uncompressed. */
export function readZip(data: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (failure, stream) => {
          if (failure) return reject(failure);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.push({ name: entry.fileName, stored: entry.compressionMethod === 0, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** A zip's files by name. */
export async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Map((await readZip(data)).map((entry) => [entry.name, entry.data]));
}
