import "server-only";
import type { Readable } from "node:stream";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { env } from "@/lib/env";
import { StoreUnavailableError, type ObjectStore } from "./store";

// A store that does not answer is told to the sender within seconds (a 503, an SMTP 451), not after the SDK's backoff.
const CONNECT_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 15_000;

function client(): S3Client {
  return new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? "", secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "" },
    // Stores other than AWS refuse or mangle the checksums the SDK would otherwise add to every request.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound")
  );
}

/** The reason a request failed, as a StoreUnavailableError when the store is away or refusing for a moment. */
function unavailable(error: unknown): unknown {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    return status >= 500 || status === 429 ? new StoreUnavailableError(`${error.name} (${status})`) : error;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? (error as Error | undefined)?.name ?? "error";
  return new StoreUnavailableError(code);
}

async function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw unavailable(error);
  }
}

/** The bucket of S3_* through the AWS SDK, path-style unless S3_FORCE_PATH_STYLE=false. */
export function bucketStore(): ObjectStore {
  const s3 = client();
  const Bucket = env.S3_BUCKET ?? "";
  const read = async (key: string) => {
    try {
      return await s3.send(new GetObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
  };
  return {
    kind: "bucket",
    async put(key, body, contentType) {
      await attempt(() =>
        s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType })),
      );
    },
    async get(key) {
      const answer = await read(key);
      return answer?.Body ? Buffer.from(await attempt(() => answer.Body!.transformToByteArray())) : null;
    },
    async stream(key) {
      const answer = await read(key);
      // In Node the SDK's body is the response stream itself.
      return (answer?.Body as Readable | undefined) ?? null;
    },
    async head(key) {
      try {
        const answer = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { key, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
    },
    async delete(key) {
      await attempt(() => s3.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    async *list(prefix, after) {
      let token: string | undefined;
      do {
        const page = await attempt(() =>
          s3.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token, StartAfter: token ? undefined : after })),
        );
        for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    // Readiness asks first (a compose stack's health check, a load balancer's): a bucket not there yet is made.
    async ping() {
      try {
        await s3.send(new HeadBucketCommand({ Bucket }));
        return true;
      } catch (error) {
        if (!isNotFound(error)) return false;
        return s3.send(new CreateBucketCommand({ Bucket })).then(
          () => true,
          () => false,
        );
      }
    },
  };
}
