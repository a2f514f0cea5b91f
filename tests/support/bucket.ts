import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const BUCKET = "paperboy-test";

/** A real S3 API on loopback (s3rver, keeping its objects in a folder), which a test may stop and start again. */
export type LocalBucket = {
  /** The S3_* variables that point the app at it. */
  env: Record<"S3_ENDPOINT" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY", string>;
  /** Stops answering: connections are refused until start(). */
  stop(): Promise<void>;
  /** Answers again on the same port, with the objects it held. */
  start(): Promise<void>;
};

export async function startBucket(): Promise<LocalBucket> {
  const directory = mkdtempSync(path.join(process.env.PAPERBOY_TEST_DATA_ROOT ?? tmpdir(), "bucket-"));
  const serve = (port: number) => new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  let server = serve(0);
  const { port } = await server.run();
  let running = true;
  return {
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    async stop() {
      if (running) await server.close();
      running = false;
    },
    async start() {
      if (running) return;
      server = serve(port);
      await server.run();
      running = true;
    },
  };
}

/** Points this process's app at the bucket: call before anything loads lib/env.ts. */
export function useBucket(bucket: LocalBucket): void {
  Object.assign(process.env, bucket.env);
}
