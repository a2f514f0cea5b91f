import "server-only";
import { mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { dataPath } from "@/lib/env";
import type { ImportFormat } from "./repo";

/** Where an upload waits for its job: DATA_DIR/imports/<id>.<format>, read by whichever instance runs it. */
export function uploadPath(importId: number, format: ImportFormat): string {
  return path.join(importsFolder(), `${importId}.${format}`);
}

/** Where an upload is written while it arrives, before it has an import. */
export function partialUploadPath(name: string): string {
  return path.join(importsFolder(), `upload-${name}.part`);
}

function importsFolder(): string {
  const folder = dataPath("imports");
  mkdirSync(folder, { recursive: true });
  return folder;
}

export async function discardUploads(imports: { id: number; format: ImportFormat }[]): Promise<void> {
  await Promise.all(imports.map((item) => rm(uploadPath(item.id, item.format), { force: true })));
}
