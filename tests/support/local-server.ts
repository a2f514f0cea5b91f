import http from "node:http";
import { isIP, type AddressInfo, type LookupFunction } from "node:net";
import { env } from "@/lib/env";

export type SeenRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

export type LocalServer = { port: number; origin: string; hostPort: string; requests: SeenRequest[]; close: () => Promise<void> };

/** An HTTP server on 127.0.0.1 standing for a newsletter's sender; it records every request it gets. */
export async function startLocalServer(
  handle: (req: SeenRequest, res: http.ServerResponse) => void = (_, res) => res.end("ok"),
): Promise<LocalServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString() };
      requests.push(seen);
      handle(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Lets guarded requests reach these loopback host:port pairs, as FETCH_ALLOW_HOSTS does; returns the undo. */
export function allowFetchTo(...hostPorts: string[]): () => void {
  const previous = env.FETCH_ALLOW_HOSTS;
  env.FETCH_ALLOW_HOSTS = hostPorts.join(",");
  return () => {
    env.FETCH_ALLOW_HOSTS = previous;
  };
}

/** A resolver that answers every name with `address`, so refusals are shown without a lookup or a packet leaving the machine. */
export function answerEveryName(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
