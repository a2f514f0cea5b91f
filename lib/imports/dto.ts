import "server-only";
import type { ImportFailure } from "@/db/schema";
import type { ImportRow } from "./repo";

/** docs/contract.md 6.3's shape of an import. */
export type ImportDto = {
  id: number;
  status: ImportRow["status"];
  total: number;
  processed: number;
  filed: number;
  skipped: number;
  failed: number;
};
export type ImportFailureDto = ImportFailure;

export function toImportDto(row: ImportRow): ImportDto {
  return {
    id: row.id,
    status: row.status,
    total: row.total ?? 0,
    processed: row.processed,
    filed: row.filed,
    skipped: row.skipped,
    failed: row.failed,
  };
}
