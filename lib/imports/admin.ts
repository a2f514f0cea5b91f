import "server-only";
import { BadRequestError, ConflictError, NotFoundError } from "@/lib/api/errors";
import { enqueueJob } from "@/lib/jobs/queue";
import { IMPORT_JOB } from "./job";
import { dropUpload } from "./upload";
import { findAllImports, findImportById, finishImport, releaseImport, type ImportRow } from "./repo";

/** An import as `npm run admin -- imports list` shows it: no file name, subject or address, only counts. */
export type AdminImport = {
  id: number;
  user_id: number;
  format: ImportRow["format"];
  status: ImportRow["status"];
  size_bytes: number;
  processed: number;
  total: number | null;
  /** Until when a worker holds it; null or past while no slice runs (a running import so for long is stuck). */
  lease_until: string | null;
  updated_at: string;
  error: string | null;
};

const LIST_LIMIT = 100;
const CANCELLED = "The import was cancelled by the administrator.";

function toAdminImport(row: ImportRow): AdminImport {
  return {
    id: row.id,
    user_id: row.userId,
    format: row.format,
    status: row.status,
    size_bytes: row.sizeBytes,
    processed: row.processed,
    total: row.total,
    lease_until: row.leaseUntil?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    error: row.error,
  };
}

export async function listImportsForAdmin(): Promise<AdminImport[]> {
  return (await findAllImports(LIST_LIMIT)).map(toAdminImport);
}

async function runningImport(value: string): Promise<ImportRow> {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new BadRequestError("An import id is a positive whole number");
  const row = await findImportById(id);
  if (!row) throw new NotFoundError("Import not found");
  if (row.status !== "running") throw new ConflictError(`Import ${id} is not running (${row.status})`);
  return row;
}

/** Ends a running import as failed, telling its reader so, and drops its upload; a slice under way stops once it reads the upload again. */
export async function cancelImport(value: string): Promise<AdminImport> {
  const row = await runningImport(value);
  await finishImport(row.id, { status: "failed", error: CANCELLED });
  if (row.uploadKey) await dropUpload(row.uploadKey);
  return toAdminImport((await findImportById(row.id))!);
}

/** Queues a running import again from where it stopped (one whose jobs were lost: after a restore, a queue wiped). */
export async function retryImport(value: string): Promise<AdminImport> {
  const row = await runningImport(value);
  await releaseImport(row.id);
  await enqueueJob(IMPORT_JOB, { importId: row.id }, { retryLimit: 20, retryDelaySeconds: 5 });
  return toAdminImport(row);
}
