import "server-only";
import { isIP } from "node:net";
import { ImapFlow } from "imapflow";
import { FetchRefusedError, isAllowedHostPort, resolveGuardedAddress } from "@/lib/fetch/guarded-fetch";
import type { MailboxRow } from "./repo";

const CONNECT_TIMEOUT_MS = 10_000;

export type ConnectFailure = "authentication" | "refused" | "tls" | "timeout" | "address" | "host" | "folder" | "closed";

/** Why a mailbox could not be opened, in words a reader can act on (never their username or password). */
export class MailboxConnectError extends Error {
  constructor(
    readonly failure: ConnectFailure,
    message: string,
  ) {
    super(message);
    this.name = "MailboxConnectError";
  }
}

export type ServerSettings = Pick<MailboxRow, "host" | "port" | "tls" | "username">;

const AUTHENTICATION_FAILED =
  "Authentication failed: the server refused this username and password (Gmail, iCloud, Yahoo and Fastmail need an app password).";
const TIMED_OUT = `Timed out: the server did not answer within ${CONNECT_TIMEOUT_MS / 1000} seconds.`;

/** Whether a server may be spoken to in clear text: only one FETCH_ALLOW_HOSTS names (a test's, an intranet's). */
function plainTextAllowed(settings: Pick<ServerSettings, "host" | "port">): boolean {
  return isAllowedHostPort(settings.host, settings.port);
}

/**
 * Whether this instance may reach the server at all, by its configuration alone: an address written as
 * the host that is private or loopback needs its pair in this instance's FETCH_ALLOW_HOSTS. A name is
 * taken as reachable here (it is checked when the connection is made).
 */
export async function reachableHere(settings: Pick<ServerSettings, "host" | "port">): Promise<boolean> {
  if (!isIP(settings.host.replace(/^\[(.*)\]$/, "$1"))) return true;
  return resolveGuardedAddress(settings.host, settings.port).then(
    () => true,
    () => false,
  );
}

/**
 * Logs in to the reader's IMAP server through the guard of docs/contract.md 6.1: the name is resolved and checked
 * once, the socket goes to that address (TLS still checks the certificate against the name), and the
 * whole exchange up to the login answers within 10 s. Throws MailboxConnectError.
 */
export async function openImap(settings: ServerSettings, password: string, timeoutMs = CONNECT_TIMEOUT_MS): Promise<ImapFlow> {
  if (settings.tls === "none" && !plainTextAllowed(settings)) {
    throw new MailboxConnectError("tls", "TLS failed: this server must be reached with TLS (implicit or STARTTLS).");
  }
  let address: string;
  try {
    address = await resolveGuardedAddress(settings.host, settings.port);
  } catch (error) {
    if (!(error instanceof FetchRefusedError)) throw error;
    if (error.reason === "the address is not public") {
      throw new MailboxConnectError("address", "Address refused: this server's address is private or local.");
    }
    throw new MailboxConnectError("host", "Host not found: this server's name does not resolve.");
  }
  const name = settings.host.replace(/^\[(.*)\]$/, "$1");
  const client = new ImapFlow({
    host: address,
    port: settings.port,
    secure: settings.tls === "implicit",
    doSTARTTLS: settings.tls === "starttls" ? true : settings.tls === "none" ? false : undefined,
    servername: isIP(name) ? undefined : name,
    tls: { minVersion: "TLSv1.2" },
    auth: { user: settings.username, pass: password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    // IDLE is renewed before servers' 30-minute limit, and a dead link is noticed within minutes.
    maxIdleTime: 5 * 60_000,
    socketTimeout: 10 * 60_000,
    disableCompression: true,
    // A selected folder goes back into IDLE 0.2 s after the last command: mail that comes meanwhile is heard of then.
    autoIdleDelay: 200,
  });
  // An error event with no listener would end the process; the commands' own rejections say what went wrong.
  client.on("error", () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new MailboxConnectError("timeout", TIMED_OUT)), timeoutMs);
  });
  try {
    await Promise.race([client.connect(), deadline]);
    return client;
  } catch (error) {
    client.close();
    throw connectFailure(error);
  } finally {
    clearTimeout(timer);
  }
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO|UNABLE_TO_|SELF_SIGNED|HOSTNAME_MISMATCH|ClosedAfterConnectTLS)/;

function connectFailure(error: unknown): MailboxConnectError {
  if (error instanceof MailboxConnectError) return error;
  const details = error as { code?: string; authenticationFailed?: boolean; message?: string };
  const code = details.code ?? "";
  if (details.authenticationFailed) return new MailboxConnectError("authentication", AUTHENTICATION_FAILED);
  if (code === "ECONNREFUSED") return new MailboxConnectError("refused", "Connection refused: nothing answers at this server and port.");
  if (/TIMEOUT|ETIMEDOUT/.test(code)) return new MailboxConnectError("timeout", TIMED_OUT);
  if (TLS_CODES.test(code) || /STARTTLS|certificate|\bTLS\b|SSL/i.test(details.message ?? "")) {
    return new MailboxConnectError("tls", "TLS failed: no secure connection could be made with this server.");
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new MailboxConnectError("host", "Host not found: this server's name does not resolve.");
  return new MailboxConnectError("closed", "Connection closed: the server ended the connection before the login.");
}

/** Throws "folder not found" for the first of `folders` the server does not have (INBOX is any case). */
export async function requireFolders(client: ImapFlow, folders: string[]): Promise<void> {
  const existing = new Set((await client.list()).map((entry) => entry.path));
  for (const folder of folders) {
    const found = folder.toUpperCase() === "INBOX" ? [...existing].some((path) => path.toUpperCase() === "INBOX") : existing.has(folder);
    if (!found) throw new MailboxConnectError("folder", `Folder not found: "${folder}" is not in this mailbox.`);
  }
}

/** Ends the session politely, or drops it when the server no longer answers. */
export async function closeImap(client: ImapFlow): Promise<void> {
  if (!client.usable) return client.close();
  await Promise.race([client.logout().catch(() => client.close()), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  client.close();
}
