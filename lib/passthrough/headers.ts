/**
 * The header block of a raw message, unfolded, by lower-cased name: what the classifier and the loop
 * check read. Only the bytes before the first blank line are looked at, at most 256 KiB of them.
 */
export type HeaderBlock = Map<string, string[]>;

const MAX_HEADER_BYTES = 256 * 1024;

export function readHeaders(raw: Buffer): HeaderBlock {
  const head = raw.subarray(0, MAX_HEADER_BYTES).toString("latin1");
  const end = head.search(/\r?\n\r?\n/);
  const lines = (end === -1 ? head : head.slice(0, end)).split(/\r?\n/);
  const headers: HeaderBlock = new Map();
  let last: { name: string; index: number } | null = null;
  for (const line of lines) {
    if (/^[ \t]/.test(line) && last) {
      const values = headers.get(last.name)!;
      values[last.index] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const values = headers.get(name) ?? [];
    values.push(line.slice(colon + 1).trim());
    headers.set(name, values);
    last = { name, index: values.length - 1 };
  }
  return headers;
}
