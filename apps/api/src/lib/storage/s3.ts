import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { StorageUnavailableError } from "../faults.ts";
import { type ByteRange, type StorageDriver, StoredFileMissingError } from "./driver.ts";
import { assertStorageKey } from "./keys.ts";
import { DEFAULT_STORAGE_TIMEOUTS, type StorageLocation } from "./location.ts";

type S3Location = Extract<StorageLocation, { kind: "s3" }>;
type Sdk = typeof import("@aws-sdk/client-s3");

/** S3 answers a missing object with NoSuchKey (GET), NotFound (HEAD) or a bare 404. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket, one object per key (under the location's prefix).
 * The SDK is imported on first use only: a server on local disk never loads it (decision 080).
 * Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY…).
 */
export function createS3Driver(location: S3Location): StorageDriver {
  const timeouts = location.timeouts ?? DEFAULT_STORAGE_TIMEOUTS;
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => {
    loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: location.region,
        endpoint: location.endpoint,
        forcePathStyle: location.forcePathStyle,
        // Each attempt (decision 109): the SDK's NodeHttpHandler, without which a frozen endpoint
        // holds the request as long as the kernel keeps the connection. The request timeout runs
        // until the answer's headers; `throwOnRequestTimeout`, or it would only log a warning.
        requestHandler: {
          connectionTimeout: timeouts.connectMs,
          requestTimeout: timeouts.requestMs,
          throwOnRequestTimeout: true,
        },
      }),
    }));
    return loaded;
  };
  const target = (key: string) => ({ Bucket: location.bucket, Key: location.prefix + assertStorageKey(key) });

  /**
   * A call to the bucket: a missing object is StoredFileMissingError; any other failure (the
   * endpoint down, refusing or silent, after the SDK's own retries) is StorageUnavailableError,
   * which its request answers 503 (lib/errors.ts), the SDK's error kept as its cause for the log.
   * The whole call, its retries included, is abandoned after `requestMs` without an answer:
   * `abortSignal` is given to each `send`, and let go once the call has its answer (a stream's
   * bytes are not cut by it).
   */
  async function call<T>(
    work: (s3: { sdk: Sdk; client: S3Client; abortSignal: AbortSignal }) => Promise<T>,
    missing?: () => T,
  ): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`Pas de réponse du stockage en ${timeouts.requestMs} ms`)),
      timeouts.requestMs,
    );
    try {
      return await work({ ...(await connect()), abortSignal: controller.signal });
    } catch (error) {
      if (isMissing(error)) {
        if (missing) return missing();
        throw new StoredFileMissingError();
      }
      if (error instanceof StoredFileMissingError) throw error;
      throw new StorageUnavailableError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The object's body as a Node stream; StoredFileMissingError when there is none. */
  async function getObject(key: string, range?: ByteRange): Promise<Readable> {
    const object = target(key);
    return call(async ({ sdk, client, abortSignal }) => {
      const answer = await client.send(
        new sdk.GetObjectCommand({ ...object, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        { abortSignal },
      );
      if (!(answer.Body instanceof Readable)) throw new Error("Réponse S3 sans corps lisible");
      return answer.Body;
    });
  }

  return {
    async put(key, bytes, contentType) {
      const object = target(key);
      await call(({ sdk, client, abortSignal }) =>
        client.send(
          new sdk.PutObjectCommand({ ...object, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
          { abortSignal },
        ),
      );
    },

    async read(key) {
      const body = await getObject(key);
      return call(async ({ abortSignal }) => {
        // A body that stops flowing half-way: the same bound as a call without an answer.
        abortSignal.addEventListener("abort", () => body.destroy(abortSignal.reason as Error), { once: true });
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      });
    },

    stream: getObject,

    async size(key) {
      const object = target(key);
      return call(
        async ({ sdk, client, abortSignal }) =>
          (await client.send(new sdk.HeadObjectCommand(object), { abortSignal })).ContentLength ?? null,
        () => null,
      );
    },

    async remove(key) {
      const object = target(key);
      // S3 answers 204 whether or not the object existed.
      await call(({ sdk, client, abortSignal }) => client.send(new sdk.DeleteObjectCommand(object), { abortSignal }));
    },
  };
}
