/**
 * A streaming mbox splitter on bytes. A message starts at a `From ` line at the start of the file or
 * after an empty line; its own `>From ` lines are unquoted (mboxrd: one `>` less). Offsets are of the
 * file, so an import can go on from where it stopped.
 */

/** One message of an mbox: where it starts and where the next one does, its bytes (null past the size limit). */
export type MboxMessage = { start: number; next: number; size: number; fromLine: string; raw: Buffer | null };

const SEPARATOR = Buffer.from("\nFrom ");
const NEWLINE = 0x0a;
const RETURN = 0x0d;

export async function* splitMbox(chunks: AsyncIterable<Buffer>, base: number, maxBytes: number, keep = true): AsyncGenerator<MboxMessage> {
  let parts: Buffer[] = [];
  let kept = 0;
  let start = base;
  // Bytes not yet given to a message: a separator may run across two chunks.
  let held = Buffer.alloc(0);
  let heldAt = base;
  // The last two bytes given to a message, to tell whether a separator follows an empty line.
  let before = Buffer.from("\n\n");

  const take = (bytes: Buffer) => {
    if (bytes.length === 0) return;
    before = Buffer.concat([before, bytes.subarray(-2)]).subarray(-2);
    if (!keep) return;
    if (kept + bytes.length <= maxBytes + 2) parts.push(Buffer.from(bytes));
    kept += bytes.length;
  };
  const finish = (next: number): MboxMessage => {
    const size = next - start;
    const whole = keep && kept <= maxBytes + 2 ? Buffer.concat(parts, kept) : null;
    const message = messageOf(start, next, size, whole, maxBytes);
    parts = [];
    kept = 0;
    start = next;
    return message;
  };

  for await (const chunk of chunks) {
    const window = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
    let given = 0;
    for (let found = window.indexOf(SEPARATOR); found !== -1; found = window.indexOf(SEPARATOR, found + 1)) {
      const previous = found >= 1 ? window[found - 1] : before[1];
      const earlier = found >= 2 ? window[found - 2] : found === 1 ? before[1] : before[0];
      const afterEmptyLine = previous === NEWLINE || (previous === RETURN && earlier === NEWLINE);
      if (!afterEmptyLine) continue;
      const at = heldAt + found + 1;
      if (at === start) continue;
      take(window.subarray(given, found + 1));
      given = found + 1;
      yield finish(at);
    }
    // Keep back what could be the start of a separator cut by the chunk's end.
    const keepBack = Math.min(window.length - given, SEPARATOR.length - 1);
    take(window.subarray(given, window.length - keepBack));
    held = Buffer.from(window.subarray(window.length - keepBack));
    heldAt += window.length - keepBack;
  }
  take(held);
  const end = heldAt + held.length;
  if (end > start) yield finish(end);
}

function messageOf(start: number, next: number, size: number, whole: Buffer | null, maxBytes: number): MboxMessage {
  if (!whole) return { start, next, size, fromLine: "", raw: null };
  const lineEnd = whole.indexOf(NEWLINE);
  const hasFromLine = whole.subarray(0, 5).toString("latin1") === "From ";
  const fromLine = hasFromLine
    ? whole
        .subarray(0, lineEnd === -1 ? whole.length : lineEnd)
        .toString("latin1")
        .trim()
    : "";
  let body = hasFromLine ? whole.subarray(lineEnd === -1 ? whole.length : lineEnd + 1) : whole;
  // The empty line that separates messages is the mbox's, not the message's.
  if (body.length >= 2 && body[body.length - 1] === NEWLINE && body[body.length - 2] === NEWLINE) body = body.subarray(0, -1);
  else if (body.length >= 4 && body.subarray(-4).toString("latin1") === "\r\n\r\n") body = body.subarray(0, -2);
  const raw = unquote(body);
  return { start, next, size, fromLine, raw: raw.length > maxBytes ? null : raw };
}

/** mboxrd: a body line `>From `, `>>From `... lost one `>` when it was written. */
function unquote(body: Buffer): Buffer {
  if (body.indexOf(">From ") === -1) return body;
  const text = body.toString("latin1").replace(/^>(>*From )/gm, "$1");
  return Buffer.from(text, "latin1");
}

/** The date of a `From sender date` line, when it has a readable one. */
export function fromLineDate(fromLine: string): Date | null {
  const match = /^From \S+\s+(.+)$/.exec(fromLine);
  if (!match) return null;
  const parsed = new Date(match[1]);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Whether the bytes open like an mbox: a `From ` line first. */
export function looksLikeMbox(head: Buffer): boolean {
  const text = head.subarray(0, 5).toString("latin1");
  return text === "From ";
}
