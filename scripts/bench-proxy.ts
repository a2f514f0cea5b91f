// `npm run bench:proxy`: serves the production build with a local image server standing for a sender's,
// then measures a cached image through the proxy beside GET /api/health (same run, same concurrency),
// and the latency of first fetches, which go out to the image server. Loopback only.
import { deflateSync } from "node:zlib";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDatabase, measure, printTable, startServer } from "./bench/harness";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/paperboy_bench_proxy";
const port = Number(process.env.BENCH_PORT ?? 3302);
const imagePort = Number(process.env.BENCH_IMAGE_PORT ?? port + 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const firstFetches = 200;
const connections = 16;
const base = `http://127.0.0.1:${port}`;
const secret = "bench-secret-bench-secret-bench-secret";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, sum]);
}

/** A real PNG of a newsletter picture's weight: 120x80 pixels of noise, about 29 KB. */
function picture(): Buffer {
  const [width, height] = [120, 80];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < rows.length; i++) rows[i] = i % (width * 3 + 1) === 0 ? 0 : Math.floor(Math.random() * 256);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const image = picture();
  let upstreamRequests = 0;
  const images = createServer((_request, response) => {
    upstreamRequests++;
    response.writeHead(200, { "content-type": "image/png", "content-length": String(image.length) });
    response.end(image);
  });
  await new Promise<void>((resolve) => images.listen(imagePort, "127.0.0.1", resolve));
  // The proxy signs with a key derived from AUTH_SECRET: the bench shares the server's to make its addresses.
  process.env.AUTH_SECRET = secret;
  const { proxiedImagePath } = await import("../lib/images/sign");
  const dataDir = mkdtempSync(path.join(tmpdir(), "paperboy-bench-proxy-"));
  await ensureDatabase(databaseUrl);
  const server = await startServer(
    { DATABASE_URL: databaseUrl, APP_URL: base, AUTH_SECRET: secret, DATA_DIR: dataDir, FETCH_ALLOW_HOSTS: `127.0.0.1:${imagePort}` },
    port,
  );
  try {
    const run = Date.now();
    const imageUrl = (n: number) => `${base}${proxiedImagePath(`http://127.0.0.1:${imagePort}/picture-${run}-${n}.png`)}`;
    // First fetches: each a new image, so each goes out to the image server and onto the disk; four at a time.
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let n = next++; n < firstFetches; n = next++) {
          const started = performance.now();
          const response = await fetch(imageUrl(n));
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`first fetch answered ${response.status}`);
          latencies.push(performance.now() - started);
        }
      }),
    );
    const cached = imageUrl(0);
    await measure("GET /api/health", `${base}/api/health`, { connections, seconds: 2 });
    await measure("cached image", cached, { connections, seconds: 2 });
    const before = upstreamRequests;
    const health = await measure("GET /api/health", `${base}/api/health`, { connections, seconds });
    const proxied = await measure(`cached image (${(image.length / 1024).toFixed(0)} KB)`, cached, { connections, seconds });
    console.log(
      `\n${connections} connections, ${seconds} s each; the cached image went out ${upstreamRequests - before} times during its run.\n`,
    );
    printTable([health, proxied], health);
    console.log(
      `\nFirst fetch through the proxy (${firstFetches} new images, 4 at a time, from a local server): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
    );
    const ratio = proxied.requestsPerSecond / health.requestsPerSecond;
    console.log(`Cached image vs /api/health: ${ratio.toFixed(2)}x (goal >= 0.8x)`);
    if (ratio < 0.8) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    images.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
