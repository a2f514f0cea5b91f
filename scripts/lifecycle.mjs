// What the long-running commands (`npm start`, `npm run smtp`) share about ports and stopping.
import net from "node:net";

/** One line saying why a server could not listen on `port`, naming the variable that moves it. */
export function listenFailure(error, port, variable) {
  if (error.code === "EADDRINUSE") return `Port ${port} is already in use: stop what listens there, or set ${variable} to another port.`;
  if (error.code === "EACCES") return `Port ${port} is not open to this user: set ${variable} to a port above 1023.`;
  return `Cannot listen on port ${port}: ${error.message}`;
}

/** Resolves when `port` is free to listen on; else rejects with the line of listenFailure. */
export function assertPortFree(port, variable) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error) => reject(new Error(listenFailure(error, port, variable))));
    probe.listen(Number(port), () => probe.close(() => resolve()));
  });
}

/**
 * npm passes a signal only to the shell it runs a script in, and that shell dies without passing it on:
 * `kill` of `npm start` left the server running, its port and database still held. Under npm, losing
 * that shell means exactly this, so `stop` is called as the signal would have been.
 */
export function stopWithNpm(stop) {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop("SIGTERM");
  }, 1000);
  watch.unref();
}

// Next's start banner: its "Ready" comes before the server answers (migrations and the catalog load
// first, in instrumentation-node.ts), and a newcomer cannot tell which address is theirs.
const BANNER =
  /^\s*(?:▲ Next\.js|- (?:Local|Network|Environments|Debugger port):|✓ (?:Starting\.\.\.|Ready in|Running next\.config))|^\s*$/;
const NETWORK = /^\s*- Network:\s+(\S+)/;
const COLOURS = /\x1b\[[0-9;]*m/g;

/** Whether a line of `next start`'s output is its banner, and the LAN address the banner names. */
export function bannerLine(line) {
  const plain = line.replace(COLOURS, "");
  return { banner: BANNER.test(plain), networkUrl: NETWORK.exec(plain)?.[1] ?? null };
}

/** The one line `npm start` prints once the server answers: where to open it, and from other devices. */
export function readyLine(appUrl, networkUrl) {
  return `Paperboy is ready: open ${appUrl}${networkUrl ? ` (from another device on your network: ${networkUrl})` : ""}`;
}

/** Resolves true once `url` answers 200, polling every `intervalMs`; false as soon as `running()` is false. */
export async function waitUntilAnswering(url, running, intervalMs = 250) {
  while (running()) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return false;
}
