import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ImapFlow } from "imapflow";
import { freePort } from "./processes";

/**
 * A real Dovecot IMAP server for tests (Debian's `dovecot-imapd`): a free loopback port, no TLS, users in a
 * passwd file, maildirs in a temporary folder, run as the current user, its log in `<dir>/dovecot.log`.
 * Stop it and start it again (same port, same mail) to play a server that went away.
 */

const DOVECOT_BIN = "/usr/sbin/dovecot";
const DOVEADM_BIN = "/usr/bin/doveadm";
const run = promisify(execFile);

export type DovecotUser = { username: string; password: string };

export type Dovecot = {
  host: "127.0.0.1";
  port: number;
  dir: string;
  /** `127.0.0.1:<port>`, the pair FETCH_ALLOW_HOSTS must name for Paperboy to connect. */
  allowHost: string;
  /** Adds a user (or sets their password): takes effect at their next login. */
  setUser(username: string, password: string): Promise<void>;
  /** Appends raw messages to a user's folder (created when missing); returns their UIDs. */
  append(user: DovecotUser, messages: (string | Buffer)[], options?: AppendOptions): Promise<number[]>;
  /** A logged-in client for a user, for a test to look at a folder (close it with `logout()`). */
  client(user: DovecotUser): Promise<ImapFlow>;
  /** Gives a folder a new UIDVALIDITY, as a server does after rebuilding its index. */
  resetUidValidity(username: string, folder: string, uidValidity: number): Promise<void>;
  /** The server stops listening (connections end); `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
  log(): Promise<string>;
};

type AppendOptions = { folder?: string; flags?: string[]; date?: Date };

export function dovecotInstalled(): boolean {
  return existsSync(DOVECOT_BIN);
}

type MailOwner = { uid: number; gid: number };

/** Whose the mail is: the current user, or under root (whose mail Dovecot refuses to touch) Debian's `dovecot` user. */
async function mailOwner(): Promise<MailOwner> {
  const me = os.userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid };
  const { stdout } = await run("getent", ["passwd", "dovecot"]);
  const [, , uid, gid] = stdout.trim().split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function config(dir: string, port: number, owner: MailOwner, options: { idle: boolean }): string {
  const me = os.userInfo();
  // Dovecot's login processes refuse to run as root: Debian's package makes its own users for them.
  const loginUser = me.uid === 0 ? "dovenull" : me.username;
  const internalUser = me.uid === 0 ? "dovecot" : me.username;
  return `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = ${loginUser}
default_internal_user = ${internalUser}
first_valid_uid = ${owner.uid}
first_valid_gid = ${owner.gid}
mail_location = maildir:${dir}/mail/%u
mailbox_idle_check_interval = 1 secs
${options.idle ? "" : "imap_capability = IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE UIDPLUS MOVE SPECIAL-USE"}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
  default_fields = uid=${owner.uid} gid=${owner.gid} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0600
  }
}
`;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitForPort(port: number, child: ChildProcess, log: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Dovecot exited: ${await log()}`);
    if (await answers(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Dovecot did not listen on ${port}: ${await log()}`);
}

/**
 * Starts Dovecot on a free loopback port. `idle: false` leaves IDLE out of its capabilities, as some
 * servers do, so a client must poll.
 */
export async function startDovecot(options: { idle?: boolean } = {}): Promise<Dovecot> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "paperboy-dovecot-"));
  // The login processes run as another user, and must reach their sockets under it.
  await chmod(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, "dovecot.conf");
  const owner = await mailOwner();
  await mkdir(path.join(dir, "mail"));
  await mkdir(path.join(dir, "home"));
  await chown(path.join(dir, "mail"), owner.uid, owner.gid);
  await chown(path.join(dir, "home"), owner.uid, owner.gid);
  await writeFile(conf, config(dir, port, owner, { idle: options.idle ?? true }));
  await writeFile(path.join(dir, "users"), "");
  const users = new Map<string, string>();
  let edits = 0;
  let child: ChildProcess | null = null;
  const log = async () => (existsSync(path.join(dir, "dovecot.log")) ? readFile(path.join(dir, "dovecot.log"), "utf8") : "");

  async function start(): Promise<void> {
    if (child && child.exitCode === null) return;
    // Its own process group: a stop ends the sessions in hand too, which outlive Dovecot's master otherwise.
    child = spawn(DOVECOT_BIN, ["-F", "-c", conf], { stdio: "ignore", detached: true });
    running.add(child);
    child.once("exit", () => child && running.delete(child));
    await waitForPort(port, child, log);
  }

  async function stop(): Promise<void> {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once("exit", resolve));
    current.kill("SIGTERM");
    await exited;
    killGroup(current);
    // Its login and imap processes end with it; the port is free once nothing answers on it.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      if (!(await answers(port))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function client(user: DovecotUser): Promise<ImapFlow> {
    const imap = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user: user.username, pass: user.password },
      logger: false,
    });
    await imap.connect();
    return imap;
  }

  await start();
  return {
    host: "127.0.0.1",
    port,
    dir,
    allowHost: `127.0.0.1:${port}`,
    async setUser(username, password) {
      users.set(username, password);
      const lines = [...users].map(([name, secret]) => `${name}:{PLAIN}${secret}::::::`);
      await writeFile(path.join(dir, "users"), `${lines.join("\n")}\n`);
      // Dovecot looks at the file again at most once a second, and reads it when its mtime or size changed.
      const stamp = Date.now() / 1000 + ++edits;
      await utimes(path.join(dir, "users"), stamp, stamp);
      await new Promise((resolve) => setTimeout(resolve, 1100));
    },
    async append(user, messages, appendOptions = {}) {
      const folder = appendOptions.folder ?? "INBOX";
      const imap = await client(user);
      try {
        if (folder !== "INBOX") await imap.mailboxCreate(folder).catch(() => undefined);
        const uids: number[] = [];
        for (const message of messages) {
          const appended = await imap.append(folder, message, appendOptions.flags ?? [], appendOptions.date);
          if (appended && appended.uid) uids.push(appended.uid);
        }
        return uids;
      } finally {
        await imap.logout();
      }
    },
    client,
    async resetUidValidity(username, folder, uidValidity) {
      await run(DOVEADM_BIN, ["-c", conf, "mailbox", "update", "-u", username, "--uid-validity", String(uidValidity), folder]);
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
    log,
  };
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  } catch {
    // Every process of the group has ended already.
  }
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) killGroup(child);
});
