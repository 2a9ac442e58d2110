import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { type ByteRange, type StorageDriver, StoredFileMissingError } from "./driver.ts";
import { assertStorageKey } from "./keys.ts";
import type { StorageLocation } from "./location.ts";

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
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => {
    loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: location.region,
        endpoint: location.endpoint,
        forcePathStyle: location.forcePathStyle,
      }),
    }));
    return loaded;
  };
  const target = (key: string) => ({ Bucket: location.bucket, Key: location.prefix + assertStorageKey(key) });

  /** The object's body as a Node stream; StoredFileMissingError when there is none. */
  async function getObject(key: string, range?: ByteRange): Promise<Readable> {
    const { sdk, client } = await connect();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({
          ...target(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error("Réponse S3 sans corps lisible");
      return answer.Body;
    } catch (error) {
      if (isMissing(error)) throw new StoredFileMissingError();
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          ...target(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },

    async read(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await getObject(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    stream: getObject,

    async size(key) {
      const { sdk, client } = await connect();
      try {
        const head = await client.send(new sdk.HeadObjectCommand(target(key)));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      const { sdk, client } = await connect();
      // S3 answers 204 whether or not the object existed.
      await client.send(new sdk.DeleteObjectCommand(target(key)));
    },
  };
}
