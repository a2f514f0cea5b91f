import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The corpus's messages (bodies-only files given a header), or the test fixtures without it; CORPUS_DIR
 * another folder. `delivery` gives the bodies-only ones the To and Date of a message delivered to `to`.
 */
export function benchCorpus(delivery?: { to: string }): Buffer[] {
  const shared = process.env.CORPUS_DIR ?? path.resolve(root, "../shared/corpus");
  const dir = existsSync(shared) ? shared : path.join(root, "tests/fixtures/mail");
  return readdirSync(dir)
    .filter((name) => /\.(eml|html|txt)$/.test(name))
    .map((name) => {
      const bytes = readFileSync(path.join(dir, name));
      if (name.endsWith(".eml")) return bytes;
      const type = name.endsWith(".html") ? "html" : "plain";
      const to = delivery ? `To: ${delivery.to}\r\n` : "";
      const date = delivery ? "Date: Tue, 01 Mar 2022 10:00:00 +0000\r\n" : "";
      const head = `From: Bench <bench@publisher.example>\r\n${to}Subject: ${name}\r\n${date}Content-Type: text/${type}; charset=utf-8\r\n\r\n`;
      return Buffer.concat([Buffer.from(head), bytes]);
    });
}

const REPLACED = /^(message-id|date|list-unsubscribe):.*(\r?\n[ \t].*)*\r?\n/gim;
const MESSAGE_ID = /^message-id:.*(\r?\n[ \t].*)*\r?\n/gim;

/**
 * `raw` as a delivery of its own: its Message-ID, if it has one, replaced by `<id>`. Prepending a second
 * one is not enough: the parser keeps the last, so every copy of a message with its own would be the
 * same message and answered as a duplicate.
 */
export function withMessageId(raw: Buffer, id: string): Buffer {
  const text = raw.toString("latin1");
  const end = text.search(/\r?\n\r?\n/);
  const head = end === -1 ? text : text.slice(0, end + 1);
  return Buffer.from(`Message-ID: <${id}>\r\n${head.replace(MESSAGE_ID, "")}${end === -1 ? "" : text.slice(end + 1)}`, "latin1");
}

/**
 * One copy of a corpus message as its own delivery, as latin1 text with its line endings as they were: a new
 * Message-ID (`<idPrefix-index@bench.example>`) and Date, and a List-Unsubscribe so it is filed.
 */
export function deliveryCopy(raw: Buffer, index: number, idPrefix: string): { text: string; date: Date } {
  const text = raw.toString("latin1");
  const end = text.search(/\r?\n\r?\n/);
  const head = text.slice(0, end + 1).replace(REPLACED, "");
  const date = new Date(Date.UTC(2020, 0, 1) + index * 3_600_000);
  const added = `Message-ID: <${idPrefix}-${index}@bench.example>\r\nDate: ${date.toUTCString().replace("GMT", "+0000")}\r\nList-Unsubscribe: <https://bench.example/u/${index}>\r\n`;
  return { text: added + head + text.slice(end + 1), date };
}
