import "server-only";
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { closeImap, MailboxConnectError, openImap, requireFolders, type ConnectFailure, type ServerSettings } from "./connect";
import { toMailboxDto, type MailboxDto } from "./dto";
import { deleteMailbox, findMailbox, findMailboxes, insertMailbox, requestSync, updateMailbox, type MailboxChange } from "./repo";
import type { CreateMailboxInput, UpdateMailboxInput } from "./schemas";
import { openSecret, sealSecret } from "@/lib/crypto/seal";

const DEFAULT_SINCE_DAYS = 90;

// The field of the form each failure is about, for the 422's `errors`.
const FIELD: Record<ConnectFailure, string> = {
  authentication: "password",
  refused: "host",
  tls: "tls",
  timeout: "host",
  address: "host",
  host: "host",
  folder: "folders",
  closed: "host",
};

/** Logs in and looks for the folders, then logs out: nothing is kept unless this passes (a 422 says why). */
async function testLogin(settings: ServerSettings, password: string, folders: string[]): Promise<void> {
  try {
    const client = await openImap(settings, password);
    try {
      await requireFolders(client, folders);
    } finally {
      await closeImap(client);
    }
  } catch (error) {
    if (error instanceof MailboxConnectError) throw ValidationError.of(FIELD[error.failure], error.message);
    throw error;
  }
}

export async function listMailboxes(userId: number): Promise<{ items: MailboxDto[] }> {
  return { items: (await findMailboxes(userId)).map(toMailboxDto) };
}

export async function connectMailbox(userId: number, input: CreateMailboxInput): Promise<MailboxDto> {
  const settings = { host: input.host.toLowerCase(), port: input.port, tls: input.tls, username: input.username };
  await testLogin(settings, input.password, input.folders);
  const since = input.since ? new Date(input.since) : new Date(Date.now() - DEFAULT_SINCE_DAYS * 86_400_000);
  const row = await insertMailbox(userId, {
    ...settings,
    passwordSealed: sealSecret(userId, input.password),
    folders: input.folders,
    since,
    afterFiling: input.after_filing,
    moveTo: input.move_to ?? null,
    status: "syncing",
  });
  return toMailboxDto(row);
}

export async function changeMailbox(userId: number, mailboxId: number, input: UpdateMailboxInput): Promise<MailboxDto> {
  const row = await findMailbox(userId, mailboxId);
  if (!row) throw new NotFoundError("Mailbox not found");
  const afterFiling = input.after_filing ?? row.afterFiling;
  const moveTo = input.move_to === undefined ? row.moveTo : input.move_to;
  if (afterFiling === "move" && !moveTo) throw ValidationError.of("move_to", "Name the folder newsletters are moved to");
  const change: MailboxChange = { afterFiling, moveTo };
  if (input.password !== undefined || input.folders !== undefined) {
    const password = input.password ?? openSecret(userId, row.passwordSealed);
    if (password === null) throw ValidationError.of("password", "Enter the password again: the one kept can no longer be read.");
    await testLogin(row, password, input.folders ?? row.folders);
    if (input.folders) change.folders = input.folders;
    if (input.password !== undefined) change.passwordSealed = sealSecret(userId, input.password);
    // Working settings: whatever failed before is tried again at once.
    Object.assign(change, { lastError: null, errorStreak: 0, retryAt: null });
    if (row.status === "error") change.status = "syncing";
  }
  if (input.paused !== undefined) {
    change.paused = input.paused;
    if (input.paused) change.status = "paused";
    else if (row.paused) change.status = "syncing";
  }
  const updated = await updateMailbox(userId, mailboxId, change);
  if (!updated) throw new NotFoundError("Mailbox not found");
  return toMailboxDto(updated);
}

/** Disconnects: the row, its sealed password and its progress go; the mail it filed stays the reader's. */
export async function disconnectMailbox(userId: number, mailboxId: number): Promise<void> {
  if (!(await deleteMailbox(userId, mailboxId))) throw new NotFoundError("Mailbox not found");
}

export async function syncMailboxNow(userId: number, mailboxId: number): Promise<MailboxDto> {
  const row = await requestSync(userId, mailboxId);
  if (!row) throw new NotFoundError("Mailbox not found");
  return toMailboxDto(row);
}
