import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const S3_BUCKET = "puerta-test";

/**
 * A real S3-compatible server (s3rver) in the test process, on a free port, over a temporary
 * directory, with one bucket. `env` is what an API process needs to use it: STORAGE_URL and
 * the credentials the AWS SDK reads from the environment (s3rver's fixed pair).
 */
export async function startS3Server() {
  const directory = mkdtempSync(path.join(tmpdir(), "puerta-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };
  // The SDK reads its credentials from the environment, as it does in production.
  Object.assign(process.env, credentials);
  return {
    endpoint,
    env: {
      ...credentials,
      STORAGE_URL: `s3://${S3_BUCKET}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&force_path_style=1`,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
