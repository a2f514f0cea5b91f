import "server-only";
import type { MailboxRow } from "./repo";

/** docs/contract.md 7.1's Mailbox: the password (sealed or not) and the lease never leave the server. */
export type MailboxDto = {
  id: number;
  host: string;
  port: number;
  tls: MailboxRow["tls"];
  username: string;
  folders: string[];
  since: string;
  after_filing: MailboxRow["afterFiling"];
  move_to: string | null;
  paused: boolean;
  status: MailboxRow["status"];
  last_error: string | null;
  last_synced_at: string | null;
  total: number;
  processed: number;
  filed: number;
  skipped: number;
  failed: number;
};

export function toMailboxDto(row: MailboxRow): MailboxDto {
  return {
    id: row.id,
    host: row.host,
    port: row.port,
    tls: row.tls,
    username: row.username,
    folders: row.folders,
    since: row.since.toISOString().slice(0, 10),
    after_filing: row.afterFiling,
    move_to: row.moveTo,
    paused: row.paused,
    status: row.paused ? "paused" : row.status,
    last_error: row.lastError,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    total: row.total,
    processed: row.processed,
    filed: row.filed,
    skipped: row.skipped,
    failed: row.failed,
  };
}
