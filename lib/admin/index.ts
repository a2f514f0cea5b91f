import "server-only";
// `npm run admin -- ...` (docs/contract.md 7.7): an operator's commands over the domains' own services; no SQL here.
import { eraseAccount } from "@/lib/account/service";
import { HttpError } from "@/lib/api/errors";
import { findUserForAdmin, listUsers, setUserDisabled, userCounts, type AdminUser } from "@/lib/auth/admin";
import { env } from "@/lib/env";
import { cancelImport, listImportsForAdmin, retryImport, type AdminImport } from "@/lib/imports/admin";
import { listFailedJobs, retryFailedJob } from "@/lib/jobs/admin";
import { decideReview, listPendingReviews, newsletterCounts } from "@/lib/newsletters/public-review";
import { queueAndInboundStats } from "@/lib/observability/stats";
import { moveToBucket, verifyStorage } from "@/lib/storage/admin";
import { bucketConfigured, StoreUnavailableError } from "@/lib/storage/store";

/** Where a command writes: lines of its answer, and the one line of an error. */
export type AdminOutput = { out: (line: string) => void; err: (line: string) => void };

const COMMANDS =
  "Commands: users list | users show|disable|enable|delete EMAIL | newsletters pending | newsletters approve|reject ID | jobs failed | jobs retry ID | imports list | imports cancel|retry ID | storage verify | storage move-to-bucket | stats";

class UsageError extends Error {}

/** Each command and how many words (an e-mail address, an id) it takes after its name. */
const ARGUMENTS: Record<string, number> = {
  "users list": 0,
  "users show": 1,
  "users disable": 1,
  "users enable": 1,
  "users delete": 1,
  "newsletters pending": 0,
  "newsletters approve": 1,
  "newsletters reject": 1,
  "jobs failed": 0,
  "jobs retry": 1,
  "imports list": 0,
  "imports cancel": 1,
  "imports retry": 1,
  "storage verify": 0,
  "storage move-to-bucket": 0,
  stats: 0,
};

function userLine(user: AdminUser): string {
  const state = user.disabled_at ? `disabled ${user.disabled_at}` : "active";
  return `${user.id}\t${user.email}\t${user.username}\t${user.created_at}\t${state}\t${user.emails} emails`;
}

function required(value: string | undefined, what: string): string {
  if (!value?.trim()) throw new UsageError(`Missing ${what}`);
  return value.trim();
}

function newsletterId(value: string | undefined): number {
  const id = Number(required(value, "newsletter id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError("A newsletter id is a positive whole number");
  return id;
}

async function users(action: string | undefined, argument: string | undefined, io: AdminOutput): Promise<void> {
  const domain = env.MAIL_DOMAIN;
  switch (action) {
    case "list": {
      const all = await listUsers(domain);
      for (const user of all) io.out(userLine(user));
      io.out(`${all.length} user${all.length === 1 ? "" : "s"}`);
      return;
    }
    case "show":
      io.out(JSON.stringify(await findUserForAdmin(required(argument, "e-mail address"), domain), null, 2));
      return;
    case "disable":
    case "enable": {
      const user = await setUserDisabled(required(argument, "e-mail address"), action === "disable", domain);
      io.out(`${user.email} ${action === "disable" ? "disabled: sign-in and every session refused" : "enabled"}`);
      return;
    }
    case "delete": {
      const user = await findUserForAdmin(required(argument, "e-mail address"), domain);
      await eraseAccount(user.id);
      io.out(`${user.email} deleted with all their mail; their addresses are retired`);
      return;
    }
    default:
      throw new UsageError(`Unknown users command: ${action ?? "(none)"}`);
  }
}

async function newsletters(action: string | undefined, argument: string | undefined, io: AdminOutput): Promise<void> {
  switch (action) {
    case "pending": {
      const pending = await listPendingReviews();
      for (const item of pending)
        io.out(`${item.id}\t${item.name}\t${item.sender_domain ?? "-"}\t${item.recipients} recipients\tsince ${item.review_at}`);
      io.out(`${pending.length} newsletter${pending.length === 1 ? "" : "s"} awaiting review`);
      return;
    }
    case "approve":
    case "reject": {
      const decided = await decideReview(newsletterId(argument), action === "approve" ? "approved" : "rejected");
      io.out(`${decided.id} ${decided.name}: ${decided.is_public ? "approved, now public" : "rejected, stays private"}`);
      return;
    }
    default:
      throw new UsageError(`Unknown newsletters command: ${action ?? "(none)"}`);
  }
}

async function jobs(action: string | undefined, argument: string | undefined, io: AdminOutput): Promise<void> {
  switch (action) {
    case "failed": {
      const failed = await listFailedJobs();
      for (const job of failed) io.out(`${job.id}\t${job.queue}\t${job.attempts} attempts\t${job.failed_at ?? "-"}\t${job.error ?? ""}`);
      io.out(`${failed.length} failed job${failed.length === 1 ? "" : "s"}`);
      return;
    }
    case "retry": {
      const job = await retryFailedJob(required(argument, "job id"));
      io.out(`${job.id} (${job.queue}) queued again`);
      return;
    }
    default:
      throw new UsageError(`Unknown jobs command: ${action ?? "(none)"}`);
  }
}

function importLine(item: AdminImport): string {
  const progress = `${item.processed}/${item.total ?? "?"}`;
  const lease = item.status === "running" ? `\tlease ${item.lease_until ?? "none"}` : "";
  return `${item.id}\tuser ${item.user_id}\t${item.format}\t${item.status}\t${progress}\t${item.size_bytes} bytes\tupdated ${item.updated_at}${lease}${item.error ? `\t${item.error}` : ""}`;
}

async function imports(action: string | undefined, argument: string | undefined, io: AdminOutput): Promise<void> {
  switch (action) {
    case "list": {
      const all = await listImportsForAdmin();
      for (const item of all) io.out(importLine(item));
      io.out(`${all.length} import${all.length === 1 ? "" : "s"}`);
      return;
    }
    case "cancel": {
      const item = await cancelImport(required(argument, "import id"));
      io.out(`${item.id} cancelled: its reader sees it failed, its upload is dropped`);
      return;
    }
    case "retry": {
      const item = await retryImport(required(argument, "import id"));
      io.out(`${item.id} queued again from message ${item.processed + 1}`);
      return;
    }
    default:
      throw new UsageError(`Unknown imports command: ${action ?? "(none)"}`);
  }
}

/** `storage verify` answers 1 when a row names a missing object or an object is named by no row. */
async function storage(action: string | undefined, io: AdminOutput): Promise<number> {
  if (action !== "verify" && action !== "move-to-bucket") throw new UsageError(`Unknown storage command: ${action ?? "(none)"}`);
  if (!bucketConfigured()) {
    io.err(
      "No bucket is configured: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (the database keeps every byte meanwhile)",
    );
    return 1;
  }
  try {
    if (action === "move-to-bucket") {
      await moveToBucket(io.out);
      return 0;
    }
    const { missing, unnamed } = await verifyStorage(io.out);
    return missing.length + unnamed.length === 0 ? 0 : 1;
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    io.err(`The bucket is not answering (${error.reason}): run the command again, it goes on from where it stopped`);
    return 1;
  }
}

async function stats(io: AdminOutput): Promise<void> {
  const [accounts, letters, operations] = await Promise.all([userCounts(), newsletterCounts(), queueAndInboundStats()]);
  io.out(JSON.stringify({ users: accounts, newsletters: letters, ...operations }, null, 2));
}

/**
 * Runs one admin command and answers its exit code: 0 done, 1 refused (one line, the server's words:
 * "User not found"), 2 not a command (one line naming the commands).
 */
export async function runAdmin(args: string[], io: AdminOutput): Promise<number> {
  const [group, action, argument] = args;
  try {
    const name = group === "stats" ? group : `${group} ${action}`;
    const takes = ARGUMENTS[name];
    if (takes !== undefined && args.length > name.split(" ").length + takes) throw new UsageError(`Too many arguments: ${args.join(" ")}`);
    if (group === "users") await users(action, argument, io);
    else if (group === "newsletters") await newsletters(action, argument, io);
    else if (group === "jobs") await jobs(action, argument, io);
    else if (group === "imports") await imports(action, argument, io);
    else if (group === "storage") return await storage(action, io);
    else if (group === "stats") await stats(io);
    else throw new UsageError(group ? `Unknown command: ${args.join(" ")}` : "No command given");
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}. ${COMMANDS}`);
      return 2;
    }
    if (error instanceof HttpError) {
      io.err(error.detail);
      return 1;
    }
    throw error;
  }
}
