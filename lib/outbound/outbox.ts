import "server-only";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { dataPath } from "@/lib/env";

function outboxFolder(): string {
  return dataPath("outbox");
}

/** Writes one message as `<time>-<id>.eml`; the name sorts by time, so the folder reads oldest first. */
export async function writeOutbox(id: string, raw: Buffer): Promise<string> {
  const folder = outboxFolder();
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.eml`);
  await writeFile(file, raw);
  return file;
}

export type OutboxMessage = { file: string; from: string; to: string; subject: string; text: string; headers: Map<string, unknown> };

/** Every message in the outbox, oldest first, as a reader of the folder (or a test) sees it. */
export async function listOutbox(): Promise<OutboxMessage[]> {
  const folder = outboxFolder();
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(".eml")).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(folder, name);
      const parsed = await simpleParser(await readFile(file));
      return {
        file,
        from: parsed.from?.text ?? "",
        to: toText(parsed.to),
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        headers: parsed.headers,
      };
    }),
  );
}

function toText(to: { text: string } | Array<{ text: string }> | undefined): string {
  if (!to) return "";
  return Array.isArray(to) ? to.map((item) => item.text).join(", ") : to.text;
}
